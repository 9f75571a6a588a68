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
    /// Per value name: the limiter, and the control (by name) and page of the change that waits
    /// in it.
    private var limiters: [String: ControlRateLimiter] = [:]
    private var waiting: [String: (control: ControlName, page: PageID)] = [:]
    private var timer: LoopTimer?
    /// True when the shown values changed without the store changing (a pending one came or went).
    private var shownChanged = false
    /// The programs that controls started and that have not finished: a control shows its new
    /// state itself, so only a failure of these gets a toast.
    private var runningPrograms: Set<ActionKey> = []
    /// The control a name stands for on a page in the configuration shown now (the runner's);
    /// looked up each time a change is made or sent, so a reload in between is seen.
    var current: ((ControlName, PageID) -> ControlWidget?)?
    /// Sends a value: publishes and/or runs (the runner, which owns the toasts).
    var send: ((ControlWidget, String, PageID) -> SendOutcome)?
    /// Something to show changed: a frame is needed.
    var onChange: (() -> Void)?

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
        guard let control = lookUp(input.control, on: page, doing: "the touch is ignored") else {
            return
        }
        let name = control.value
        let current = shownText(name)
        warnIfNotANumber(current, of: control)
        guard let next = ControlValueMath.next(control.kind, current: current, part: input.part)
        else {
            if case .entered = input.part {
                // Never the value itself: it may be a PIN.
                log.notice(
                    "field \(page)/\(input.control): the value entered breaks the field's rules as reloaded; not sent"
                )
            }
            return
        }
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
            deliver(value, of: input.control, on: page, at: now)
        } else {
            limiters[name] = limiter
            waiting[name] = (input.control, page)
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
        _ value: String, of name: ControlName, on page: PageID, at now: Double
    ) {
        guard let send else { return }
        guard let control = lookUp(name, on: page, doing: "\(value) is not sent") else {
            limiters[name.value] = nil
            return
        }
        if case .busy = send(control, value, page) {
            limiters[name.value]?.postpone(value, at: now)
            waiting[name.value] = (name, page)
        }
    }

    /// The control `name` as the configuration shown has it now; nil, said in one line with
    /// what becomes of the change, when a reload took it away.
    private func lookUp(_ name: ControlName, on page: PageID, doing outcome: String)
        -> ControlWidget?
    {
        if let control = current?(name, page) { return control }
        log.notice("control \(page)/\(name) is no longer in the configuration: \(outcome)")
        return nil
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
