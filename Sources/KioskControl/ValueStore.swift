import KioskCore

/// What changed since the last `ValueStore.takeChanges()`: which values to redraw and, for
/// generated lists, which rows.
public struct ValueChanges: Hashable, Sendable {
    /// Single values whose text, level or stale mark changed.
    public var values: Set<String> = []
    /// Lists whose rows (or stale mark) changed, with the rows to redraw.
    public var lists: [String: RowChanges] = [:]

    public var isEmpty: Bool { values.isEmpty && lists.isEmpty }
}

/// The named live values and generated lists, fed by sources and read by widgets.
///
/// Single-threaded and clock-free: callers pass the time (the loop's monotonic clock, or a
/// manual one in tests). Updates are coalesced: however many arrive between two frames, the
/// store keeps the latest content per name and calls `onChange` once, when the first change
/// after a `takeChanges()` arrives, so a flood of messages costs one frame, not one per message.
public final class ValueStore {
    /// Called when the first change after the last `takeChanges()` arrives (request a frame).
    public var onChange: (() -> Void)?
    /// Called with each refused update: the value's name and a one-line reason. The value
    /// keeps its last good content.
    public var onError: ((String, ControlError) -> Void)?
    public let limits: ValueLimits
    public private(set) var definitions: [String: ValueDefinition] = [:]

    private struct Entry {
        var content: ValueContent?
        var updatedAt: Double
        var isStale = false
        var lastError: ControlError?
    }

    private var entries: [String: Entry] = [:]
    /// The histories of values with `history`, each ring allocated here once.
    private var histories: [String: ValueHistory] = [:]
    private var changedValues: Set<String> = []
    private var changedLists: Set<String> = []
    /// Rows of each list as of the last `takeChanges()`, to report which rows differ.
    private var shownRows: [String: [ValueRow]] = [:]

    /// A store for `definitions`, starting at time `now` (the clock `stale_after` counts from).
    public init(definitions: [ValueDefinition], limits: ValueLimits = ValueLimits(), now: Double) {
        self.limits = limits
        for definition in definitions {
            self.definitions[definition.name] = definition
            entries[definition.name] = Entry(updatedAt: now)
            if let length = definition.history, !definition.isList {
                histories[definition.name] = ValueHistory(length: length)
            }
        }
    }

    // MARK: reading

    /// The value as a widget shows it (the placeholder before the first update); nil for an
    /// unknown name or a list.
    public func value(_ name: String) -> LiveValue? {
        guard let definition = definitions[name], !definition.isList, let entry = entries[name]
        else { return nil }
        guard case .text(let text) = entry.content else {
            return LiveValue(text: definition.placeholder, isStale: entry.isStale, hasValue: false)
        }
        return LiveValue(
            text: text, isStale: entry.isStale,
            level: definition.thresholds?.level(of: text) ?? .normal)
    }

    /// The rows of a generated list (empty before the first update); nil for an unknown name or
    /// a single value.
    public func rows(_ name: String) -> [ValueRow]? {
        guard let definition = definitions[name], definition.isList, let entry = entries[name]
        else { return nil }
        if case .rows(let rows) = entry.content { return rows }
        return []
    }

    /// The value's history (nil when it keeps none): the store's own ring, read on the loop
    /// thread only.
    public func history(_ name: String) -> ValueHistory? { histories[name] }

    /// True when the value or list has not been updated within its `stale_after`.
    public func isStale(_ name: String) -> Bool { entries[name]?.isStale ?? false }

    /// Why the last update of `name` was refused (nil after a good one).
    public func lastError(_ name: String) -> ControlError? { entries[name]?.lastError }

    /// The text to show for `{name}` in a template: the value's text, or nil when unknown.
    public func text(_ name: String) -> String? { value(name)?.text }

    // MARK: writing

    /// Applies the value's extraction to `payload` from its source. On malformed or oversize
    /// input the value keeps its last good content; the error is returned and reported.
    @discardableResult
    public func deliver(_ payload: some Collection<UInt8>, to name: String, at now: Double)
        -> ControlError?
    {
        guard let definition = definitions[name] else { return nil }
        do {
            store(try definition.extraction.apply(to: payload, limits: limits), for: name, at: now)
            return nil
        } catch {
            fail(name, error)
            return error
        }
    }

    /// Records that `name`'s source failed (unreadable file, program error): the value keeps its
    /// last good content. `onError` hears of it once, not again while the same error repeats.
    public func fail(_ name: String, _ error: ControlError) {
        guard entries[name] != nil else { return }
        let repeated = entries[name]?.lastError == error
        entries[name]?.lastError = error
        if !repeated { onError?(name, error) }
    }

    /// Sets a value from outside (D-Bus SetValue, MQTT `set`). Only values declared with the
    /// `.external` source accept this: the others belong to their source.
    public func set(_ name: String, text: String, at now: Double) throws(ControlError) {
        guard let definition = definitions[name] else {
            throw .refusedCommand("no value named \"\(name)\"")
        }
        guard definition.source == .external, !definition.isList else {
            throw .refusedCommand("value \"\(name)\" is fed by its source and cannot be set")
        }
        let bytes = Array(text.utf8)
        guard bytes.count <= limits.payloadBytes else {
            throw .tooLarge(what: "value", size: bytes.count, limit: limits.payloadBytes)
        }
        store(.text(PlainText.line(bytes, limit: limits.valueCharacters)), for: name, at: now)
    }

    /// Marks values stale whose source has not updated within their `stale_after`.
    public func refreshStaleness(at now: Double) {
        for (name, definition) in definitions {
            guard let limit = definition.staleAfter, let entry = entries[name], !entry.isStale,
                now - entry.updatedAt > limit
            else { continue }
            entries[name]?.isStale = true
            markChanged(name, list: definition.isList)
        }
    }

    /// The earliest time a value could turn stale (for the runner's timer), nil when none can.
    public func nextStaleCheck() -> Double? {
        definitions.values.compactMap { definition -> Double? in
            guard let limit = definition.staleAfter, let entry = entries[definition.name],
                !entry.isStale
            else { return nil }
            return entry.updatedAt + limit
        }.min()
    }

    /// What changed since the last call; the next change calls `onChange` again.
    public func takeChanges() -> ValueChanges {
        var changes = ValueChanges(values: changedValues)
        for name in changedLists {
            let rows = self.rows(name) ?? []
            var rowChanges = RowChanges(from: shownRows[name] ?? [], to: rows)
            // A stale mark drawn on every row: report them all.
            if rowChanges.isEmpty { rowChanges.changedRows = Array(rows.indices) }
            changes.lists[name] = rowChanges
            shownRows[name] = rows
        }
        changedValues = []
        changedLists = []
        return changes
    }

    private func store(_ content: ValueContent, for name: String, at now: Double) {
        guard var entry = entries[name], let definition = definitions[name] else { return }
        var differs = entry.content != content || entry.isStale
        if let history = histories[name] {
            // Every sample moves a chart on, even one equal to the last; text is a gap.
            if case .text(let text) = content {
                history.record(ValueHistory.number(in: text), at: now)
            }
            differs = true
        }
        entry.content = content
        entry.updatedAt = now
        entry.isStale = false
        entry.lastError = nil
        entries[name] = entry
        if differs { markChanged(name, list: definition.isList) }
    }

    private func markChanged(_ name: String, list: Bool) {
        let wasQuiet = changedValues.isEmpty && changedLists.isEmpty
        if list { changedLists.insert(name) } else { changedValues.insert(name) }
        if wasQuiet { onChange?() }
    }
}
