import KioskControl
import KioskCore
import KioskPlatform
import KioskRender
import Logging

/// `[[schedule]]` on the event loop: evaluates the schedule at every minute of the wall clock
/// (so a clock set by NTP, a daylight-saving change or a resume is picked up within a minute,
/// with no next-change arithmetic to get wrong), keeps the backlight at the level the state asks
/// for, and tells the runner when what is shown changes. A touch while the schedule holds the
/// display off lights it for `[display] wake_for` after the last input (the idle clock's wake
/// window: one clock for "nobody touched it"); then the schedule's state comes back. A remote
/// `display`/`brightness` command (`DisplayOverride`) holds over the schedule until its state
/// changes.
final class ScheduleService {
    private let loop: EventLoop
    private let log: Logger
    private var schedule = Schedule()
    /// The schedule's own verdict (what `[[schedule]]` says now).
    private(set) var state = ScheduleState()
    /// A remote display command over `state`; nil when none holds.
    private(set) var override: DisplayOverride?
    /// Its clock holds the wake window of a touch on a panel held off.
    let idle: IdleService
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

    init(loop: EventLoop, log: Logger, idle: IdleService) {
        self.loop = loop
        self.log = log
        self.idle = idle
        idle.onWakeEnded = { [unowned self] in wakeEnded() }
    }

    /// What the display shows: the schedule's state with a remote command laid over it.
    var shown: ScheduleState { override?.applied(to: state) ?? state }

    /// True while the schedule (or a remote command) holds the display off and no touch woke it.
    var isOff: Bool { shown.display == .off && !idle.isWoken }

    /// The backlight level the panel should show now: the shown state's, or full while woken.
    var percent: Int { isOff ? 0 : shown.display == .off ? 100 : shown.backlightPercent }

    /// The retained `<prefix>/display` state: what is shown and who decided it.
    var report: DisplayReport {
        let woken = shown.display == .off && idle.isWoken
        return DisplayReport(
            power: isOff ? .off : woken ? .on : shown.display, brightness: percent,
            cause: woken ? .touch : override != nil ? .remote : .schedule)
    }

    /// Takes the good configuration's schedule, `wake_for` and backlight device; evaluates now.
    /// `backlightRoot` is the class folder; tests point it at a fake one.
    func apply(
        _ schedule: Schedule, wakeFor: Double, backlight name: String?,
        backlightRoot: String = Backlight.classFolder
    ) {
        self.schedule = schedule
        idle.wakeFor = wakeFor
        if name != backlight?.name {
            backlight = name.map { Backlight(name: $0, root: backlightRoot) }.flatMap {
                $0.exists ? $0 : nil
            }
            writtenPercent = nil
        }
        evaluate()
    }

    /// A touch on a panel the schedule switched off: light it for `wake_for` (every input
    /// after it moves the end: the idle clock's last activity).
    func wake() {
        guard shown.display == .off else { return }
        idle.openWakeWindow()
        log.info(
            "woken for \(IdleService.seconds(idle.wakeFor)) s after the last touch; the schedule resumes after"
        )
        syncBacklight()
    }

    /// `display on|off|dim` or `brightness N` from MQTT or D-Bus: shown at once, held until the
    /// schedule's state changes. The runner hears of it as a change (old and new the same state).
    func command(_ change: (inout DisplayOverride) -> Void) {
        var override = self.override ?? DisplayOverride(under: state)
        change(&override)
        self.override = override
        if shown.display != .off { idle.closeWakeWindow() }
        log.info("display set remotely: \(shown) (until the schedule changes)")
        syncBacklight()
        onChange?(state, state)
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
        let old = state
        state = schedule.state(at: now().localDateTime)
        if state != old {
            log.info("schedule: \(state) (\(rowDescription))")
            if let override, !override.holds(over: state) {
                self.override = nil
                log.info("the remote display setting ends: the schedule changed")
            }
        }
        if shown.display != .off { idle.closeWakeWindow() }
        syncBacklight()
        if state != old || isOff != wasOff { onChange?(old, state) }
        arm()
    }

    /// The idle clock closed the wake window: dark again, as the schedule (or command) says.
    private func wakeEnded() {
        log.info("wake over: the display goes back to \(shown.display.rawValue)")
        syncBacklight()
        onChange?(state, state)
    }

    /// `[[value]] source = "schedule"`: the rows with those in force marked, and the state shown
    /// (a remote command included), from the state evaluated last, not evaluated again.
    var payload: String { schedule.payload(for: shown) }

    /// The strongest row in force for the health report: "schedule[2] every day 18:00–22:00".
    var leadingRow: String? {
        state.leadingRow.map { "schedule[\($0 + 1)] \(schedule.rows[$0].when)" }
    }

    /// "schedule[2]" (1-based, as `check` names rows), or "no schedule row".
    var rowDescription: String {
        state.leadingRow.map { "schedule[\($0 + 1)]" } ?? "no schedule row"
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

    /// The next minute of the wall clock (a wake's end is the idle clock's step).
    private func arm() {
        guard !schedule.isEmpty else {
            timer?.disarm()
            return
        }
        if timer == nil {
            timer = try? LoopTimer(loop: loop) { [unowned self] in evaluate() }
        }
        let seconds = now().secondsSinceEpoch
        timer?.arm(after: 60 - seconds.truncatingRemainder(dividingBy: 60) + 0.01)
    }
}
