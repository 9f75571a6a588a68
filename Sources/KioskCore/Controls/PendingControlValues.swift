/// A control's own change shown at once: the value the visitor chose is shown instead of the
/// source's until the source answers (any update of that value) or `holdSeconds` pass without
/// an answer, after which the source's value shows again (the change was not taken). Time is
/// passed in, so tests use a manual clock.
public struct PendingControlValues: Sendable {
    /// How long a change waits for its source to answer before the source's value shows again.
    public var holdSeconds: Double
    private var entries: [String: (text: String, until: Double)] = [:]

    public init(holdSeconds: Double = 5) {
        self.holdSeconds = holdSeconds
    }

    /// The visitor changed value `name` to `text` at `now`.
    public mutating func changed(_ name: String, to text: String, at now: Double) {
        entries[name] = (text, now + holdSeconds)
    }

    /// The source of `name` delivered a value: from now on it is what shows.
    /// Returns true when a pending change was dropped.
    @discardableResult
    public mutating func sourceAnswered(_ name: String) -> Bool {
        entries.removeValue(forKey: name) != nil
    }

    /// Drops the changes whose source did not answer in time; true when any was dropped.
    @discardableResult
    public mutating func expire(at now: Double) -> Bool {
        let before = entries.count
        entries = entries.filter { $0.value.until > now }
        return entries.count != before
    }

    /// The text shown for `name` while its change is pending, else nil.
    public func text(_ name: String) -> String? { entries[name]?.text }

    /// When the next pending change runs out (nil: none pending).
    public var nextExpiry: Double? { entries.values.map(\.until).min() }

    public var isEmpty: Bool { entries.isEmpty }
}
