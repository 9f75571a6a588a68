import KioskControl
import KioskCore
import KioskPlatform
import KioskRender
import Logging

/// What happens when a visitor touches a toggle, slider, stepper or choice (docs/configuration.md,
/// "Controls"): the new value from what it shows (`ControlValueMath`), shown at once (an
/// external value is set; any other shows as pending until its source answers,
/// `PendingControlValues`), and sent (publish, run) at most once per the control's interval
/// while a finger taps or drags quickly, the last value always (`ControlRateLimiter`).
final class ControlChanges {
    private let store: ValueStore
    private let log: Logger
    private var pending = PendingControlValues()
    /// Per value name: the limiter, and the control and page of the change that waits in it.
    private var limiters: [String: ControlRateLimiter] = [:]
    private var waiting: [String: (control: ControlWidget, page: PageID)] = [:]
    private var timer: LoopTimer?
    /// True when the shown values changed without the store changing (a pending one came or went).
    private var shownChanged = false
    /// The programs that controls started and that have not finished: a control shows its new
    /// state itself, so only a failure of these gets a toast.
    private var runningPrograms: Set<ActionKey> = []
    /// Sends a value: publishes and/or runs (the runner, which owns the toasts).
    var send: ((ControlWidget, String, PageID) -> SendOutcome)?
    /// Something to show changed: a frame is needed.
    var onChange: (() -> Void)?

    enum SendOutcome {
        case sent
        /// Its program still runs: try again after the interval.
        case busy
    }

    init(store: ValueStore, loop: EventLoop, log: Logger) {
        self.store = store
        self.log = log
        timer = try? LoopTimer(loop: loop) { [unowned self] in tick(at: MonotonicClock.now) }
    }

    /// The text `name` shows: the visitor's pending change, else the source's value.
    func shownText(_ name: String) -> String? {
        if let text = pending.text(name) { return text }
        guard let value = store.value(name), value.hasValue else { return nil }
        return value.text
    }

    /// A touch on a control of `page`.
    func change(_ input: ControlInput, on page: PageID, at now: Double) {
        let control = input.control
        let name = control.value
        let current = shownText(name)
        warnIfNotANumber(current, of: control)
        guard let next = ControlValueMath.next(control.kind, current: current, part: input.part)
        else { return }
        let external = store.definitions[name]?.source == .external
        if control.effects.setsValue ?? external {
            do {
                try store.set(name, text: next, at: now)
            } catch {
                log.warning("\(control.typeName) \(name) on \(page): \(error)")
                return
            }
        } else {
            pending.changed(name, to: next, at: now)
            shownChanged = true
            onChange?()
        }
        log.info("\(control.typeName) \(page)/\(name): \(next)")
        guard !control.effects.sendsNothing else { return }
        var limiter = limiters[name] ?? ControlRateLimiter(interval: control.effects.sendInterval)
        limiter.interval = control.effects.sendInterval
        if let value = limiter.offer(next, at: now) {
            limiters[name] = limiter
            deliver(value, of: control, on: page, at: now)
        } else {
            limiters[name] = limiter
            waiting[name] = (control, page)
        }
        armTimer(now: now)
    }

    /// The store reported these values updated: their sources answered.
    func sourcesAnswered(_ names: Set<String>) {
        for name in names where pending.sourceAnswered(name) { shownChanged = true }
    }

    /// The values for the renderer: `base` with pending changes shown instead; true in `changed`
    /// when a pending change came or went since the last call.
    func overlay(_ base: LiveValueLookup) -> (lookup: LiveValueLookup, changed: Bool) {
        defer { shownChanged = false }
        guard !pending.isEmpty else { return (base, shownChanged) }
        let shown = pending
        let lookup = LiveValueLookup(
            value: { name in
                guard let text = shown.text(name) else { return base.value(name) }
                return LiveValue(text: text)
            }, rows: base.rows)
        return (lookup, shownChanged)
    }

    /// True when a pending change came or went since the renderer last took the values.
    var needsNewLookup: Bool { shownChanged }

    private func deliver(
        _ value: String, of control: ControlWidget, on page: PageID, at now: Double
    ) {
        guard let send else { return }
        if case .busy = send(control, value, page) {
            limiters[control.value]?.postpone(value, at: now)
            waiting[control.value] = (control, page)
        }
    }

    private func tick(at now: Double) {
        for (name, entry) in waiting {
            guard var limiter = limiters[name], let value = limiter.due(at: now) else { continue }
            limiters[name] = limiter
            waiting[name] = nil
            deliver(value, of: entry.control, on: entry.page, at: now)
        }
        if pending.expire(at: now) {
            shownChanged = true
            onChange?()
        }
        armTimer(now: now)
    }

    private func armTimer(now: Double) {
        let dues =
            waiting.keys.compactMap { limiters[$0]?.nextDue }
            + [pending.nextExpiry].compactMap { $0 }
        guard let next = dues.min() else {
            timer?.disarm()
            return
        }
        timer?.arm(after: max(0, next - now))
    }

    /// A stepper or slider touched while its value is not a number (a source sent "error" or
    /// JSON where a number belongs) steps from its range: say so once per touch, in one line.
    private func warnIfNotANumber(_ text: String?, of control: ControlWidget) {
        guard let text, ControlValueMath.number(text) == nil else { return }
        switch control.kind {
        case .stepper(let range), .slider(let range):
            log.warning(
                "\(control.typeName) \(control.value): the value \"\(String(text.prefix(80)).oneLineForMessage)\" is not a number; the change starts from the range \(ControlValueMath.format(range.min, range))…\(ControlValueMath.format(range.max, range))"
            )
        case .toggle, .choice, .field:
            break
        }
    }

    /// A control started the program of `key`.
    func started(_ key: ActionKey) { runningPrograms.insert(key) }

    /// The program of `key` ended: true when a control had started it.
    func finished(_ key: ActionKey) -> Bool { runningPrograms.remove(key) != nil }

    func stop() {
        timer?.invalidate()
        timer = nil
    }
}
