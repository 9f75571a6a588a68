import KioskCore
import KioskPlatform
import Logging

/// `[idle]` (kiosk-peers.md §6.2–6.3) on the event loop: after `home_after` seconds without input
/// the navigation goes home; after `blank_after` the screen shows a black frame and the
/// backlight goes off. The first touch on a blank screen only wakes it (the input router
/// swallows it). The rules are `IdleClock`'s; this type owns the timer and the backlight.
final class IdleService {
    private let loop: EventLoop
    private let log: Logger
    private(set) var clock: IdleClock
    /// One timerfd for the run, re-armed for each deadline.
    private var timer: LoopTimer?
    private var timerDeadline: Double?
    private var backlight: Backlight?
    /// The steps, run when due.
    var onHome: ((_ quietSeconds: Double) -> Void)?
    var onScreensaver: ((_ quietSeconds: Double) -> Void)?
    var onBlank: ((_ quietSeconds: Double) -> Void)?
    /// The wake window of a panel held off closed (`ScheduleService` darkens it again).
    var onWakeEnded: (() -> Void)?

    init(loop: EventLoop, log: Logger) {
        self.loop = loop
        self.log = log
        clock = IdleClock(settings: IdleSettings(), now: MonotonicClock.now)
    }

    var isBlanked: Bool { clock.isBlanked }
    /// A touch woke a panel held off and `wake_for` has not passed without input since.
    var isWoken: Bool { clock.isWoken }

    /// `[display] wake_for`, set by `ScheduleService` with the schedule it belongs to.
    var wakeFor: Double {
        get { clock.wakeFor }
        set { clock.wakeFor = newValue }
    }

    /// A touch on a panel held off: lit for `wakeFor` after the last input.
    func openWakeWindow() {
        clock.openWakeWindow(at: MonotonicClock.now)
        arm()
    }

    /// The panel is no longer held off: no wake window to wait for.
    func closeWakeWindow() {
        guard clock.isWoken else { return }
        clock.closeWakeWindow()
        arm()
    }

    /// Takes `[idle]` of the good configuration (defaults while only errors were seen): the
    /// periods, and the backlight device (switched on again if it changes while blank).
    func apply(_ settings: IdleSettings) {
        clock.settings = settings
        if settings.backlight != backlight?.name {
            if clock.isBlanked { setBacklight(on: true) }
            backlight = settings.backlight.map { Backlight(name: $0) }
            if let backlight, !backlight.exists {
                log.warning(
                    "[idle] backlight: no \(backlight.directory); blanking shows a black frame only"
                )
                self.backlight = nil
            }
            // A run that died while blank (kill -9, a crash) left the light off: set it either way.
            setBacklight(on: !clock.isBlanked)
        }
        arm()
    }

    /// Input arrived.
    func activity() {
        clock.activity(at: MonotonicClock.now)
        arm()
    }

    /// Lights the screen again after a blank.
    func wake() {
        clock.wake(at: MonotonicClock.now)
        setBacklight(on: true)
        arm()
    }

    /// At exit: a panel is never left dark.
    func stop() {
        if clock.isBlanked { setBacklight(on: true) }
        timer?.invalidate()
        timer = nil
        timerDeadline = nil
    }

    /// Arms one timer for the next idle step; input only moves the clock's last activity, and
    /// the timer re-arms itself when it fires early, so a touch does not create a timer per event.
    func arm() {
        guard let deadline = clock.nextDeadline else {
            timer?.disarm()
            timerDeadline = nil
            return
        }
        if timer?.isArmed == true, let armed = timerDeadline, armed <= deadline { return }
        if timer == nil {
            timer = try? LoopTimer(loop: loop) { [unowned self] in
                timerDeadline = nil
                fired()
            }
        }
        timerDeadline = deadline
        timer?.arm(after: max(0.001, deadline - MonotonicClock.now))
    }

    private func fired() {
        let now = MonotonicClock.now
        for step in clock.due(at: now) {
            let quiet = (now - clock.lastActivity).rounded()
            switch step {
            case .home:
                onHome?(quiet)
            case .screensaver:
                onScreensaver?(quiet)
            case .blank:
                log.info("idle for \(Self.seconds(quiet)) s: blanking the screen")
                setBacklight(on: false)
                onBlank?(quiet)
            case .wakeEnds:
                onWakeEnded?()
            }
        }
        arm()
    }

    private func setBacklight(on: Bool) {
        guard let backlight else { return }
        do {
            try backlight.setPower(on: on)
        } catch {
            log.warning("backlight \(backlight.name): \(error.description)")
        }
    }

    /// "2", "0.25": seconds in log lines.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String((value * 1000).rounded() / 1000)
    }
}
