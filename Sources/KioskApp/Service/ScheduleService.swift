import KioskCore
import KioskPlatform
import KioskRender
import Logging

/// `[[schedule]]` on the event loop: evaluates the schedule at every minute of the wall clock
/// (so a clock set by NTP, a daylight-saving change or a resume is picked up within a minute,
/// with no next-change arithmetic to get wrong), keeps the backlight at the level the state asks
/// for, and tells the runner when what is shown changes. A touch while the schedule holds the
/// display off lights it for `[display] wake_for`; then the schedule's state comes back.
final class ScheduleService {
    private let loop: EventLoop
    private let log: Logger
    private var schedule = Schedule()
    private var wakeFor: Double = 120
    private(set) var state = ScheduleState()
    /// Monotonic time until which a touch keeps an off panel lit; nil when not woken.
    private var wokenUntil: Double?
    private var timer: LoopTimer?
    private var backlight: Backlight?
    /// The backlight percent last written (nil: not yet, or no device).
    private var writtenPercent: Int?
    /// The state changed (old, new); the runner opens pages and redraws.
    var onChange: ((_ old: ScheduleState, _ new: ScheduleState) -> Void)?
    /// True while another service holds the backlight off (idle blanking): levels wait.
    var holdsBacklight: () -> Bool = { false }
    /// The wall clock, a seam for tests and `--time`-like runs under libfaketime.
    var now: () -> WallClockTime = { WallClockTime.now() }

    init(loop: EventLoop, log: Logger) {
        self.loop = loop
        self.log = log
    }

    /// True while the schedule holds the display off and no touch woke it.
    var isOff: Bool { state.display == .off && wokenUntil == nil }

    /// The backlight level the panel should show now: the schedule's, or full while woken.
    var percent: Int { isOff ? 0 : state.display == .off ? 100 : state.backlightPercent }

    /// Takes the good configuration's schedule, `wake_for` and backlight device; evaluates now.
    /// `backlightRoot` is the class folder; tests point it at a fake one.
    func apply(
        _ schedule: Schedule, wakeFor: Double, backlight name: String?,
        backlightRoot: String = "/sys/class/backlight"
    ) {
        self.schedule = schedule
        self.wakeFor = wakeFor
        if name != backlight?.name {
            backlight = name.map { Backlight(name: $0, root: backlightRoot) }.flatMap {
                $0.exists ? $0 : nil
            }
            writtenPercent = nil
        }
        evaluate()
    }

    /// A touch on a panel the schedule switched off: light it for `wake_for`.
    func wake() {
        guard state.display == .off else { return }
        wokenUntil = MonotonicClock.now + wakeFor
        log.info("woken for \(IdleService.seconds(wakeFor)) s; the schedule resumes after")
        syncBacklight()
        arm()
    }

    /// Input while woken keeps the panel lit for another `wake_for`.
    func activity() {
        if wokenUntil != nil { wokenUntil = MonotonicClock.now + wakeFor }
    }

    /// At exit: a panel is never left dark.
    func stop() {
        timer?.invalidate()
        timer = nil
        if let backlight, writtenPercent != nil, writtenPercent != 100 {
            try? backlight.setLevel(percent: 100)
        }
    }

    private func evaluate() {
        let wasOff = isOff
        if let until = wokenUntil, MonotonicClock.now >= until { wokenUntil = nil }
        let old = state
        state = schedule.state(at: now().localDateTime)
        if state.display != .off { wokenUntil = nil }
        if state != old {
            let row = state.leadingRow.map { "schedule[\($0 + 1)]" } ?? "no schedule row"
            log.info("schedule: \(state) (\(row))")
        }
        syncBacklight()
        if state != old || isOff != wasOff { onChange?(old, state) }
        arm()
    }

    /// Writes the level when it differs from the last one written (a failing write is logged
    /// once per change, not every minute); nothing while idle holds the backlight off.
    func syncBacklight() {
        guard let backlight, !holdsBacklight() else { return }
        let wanted = percent
        guard wanted != writtenPercent else { return }
        writtenPercent = wanted
        do {
            try backlight.setLevel(percent: wanted)
        } catch {
            log.warning("backlight \(backlight.name): \(error.description)")
        }
    }

    /// The next minute of the wall clock, or the end of a wake if sooner.
    private func arm() {
        guard !schedule.isEmpty else {
            timer?.disarm()
            return
        }
        if timer == nil {
            timer = try? LoopTimer(loop: loop) { [unowned self] in evaluate() }
        }
        let seconds = now().secondsSinceEpoch
        var delay = 60 - seconds.truncatingRemainder(dividingBy: 60) + 0.01
        if let until = wokenUntil { delay = min(delay, max(0.001, until - MonotonicClock.now)) }
        timer?.arm(after: delay)
    }
}
