import KioskPlatform
import Logging

/// sd_notify (kiosk-peers.md §6.5): READY=1 once the first frame is on screen, STATUS= with the
/// page shown, WATCHDOG=1 from the event loop at half of WATCHDOG_USEC (a loop that hangs stops
/// pinging and systemd restarts the service), RELOADING=1/READY=1 around a reload, STOPPING=1.
/// Without `NOTIFY_SOCKET` every call does nothing.
final class SystemdStatus {
    private let loop: EventLoop
    private let log: Logger
    private let notifier: SystemdNotifier?
    private var watchdogTimer: EventLoop.TimerID?
    private var readySent = false
    private var lastStatus: String?
    private var failureLogged = false

    init(loop: EventLoop, log: Logger) {
        self.loop = loop
        self.log = log
        notifier = SystemdNotifier()
        guard let notifier else { return }
        log.debug("sd_notify socket \(notifier.socketName)")
        guard let interval = notifier.watchdogInterval else { return }
        // A timer of this loop, not a thread: it only fires while the loop still turns.
        watchdogTimer = try? loop.addTimer(after: interval, repeating: interval) {
            [unowned self] _ in
            notify { $0.watchdog() }
        }
        log.info("watchdog: pinging systemd every \(IdleService.seconds(interval)) s")
    }

    /// After the first frame's commit: READY=1 goes out on the next loop turn, after the display
    /// flushed the frame to the compositor. `status` is read then; `then` runs right after
    /// (what the first frame did not need waits for it). Logs where the start's time went.
    func firstFrameCommitted(status: @escaping () -> String, then: @escaping () -> Void = {}) {
        guard !readySent else { return }
        readySent = true
        _ = try? loop.addTimer(after: 0) { [unowned self] _ in
            log.info("ready: first frame on screen; \(StartupTimeline.process.finish("ready"))")
            let text = status()
            lastStatus = text
            notify { $0.ready(status: text) }
            then()
        }
    }

    /// Sends STATUS= when it changed (after READY=1 only).
    func update(_ status: String) {
        guard readySent, status != lastStatus else { return }
        lastStatus = status
        notify { $0.status(status) }
    }

    func reloading() {
        notify { $0.reloading(monotonicSeconds: MonotonicClock.now) }
    }

    /// A reload finished: READY=1 with the new status.
    func reloaded(status: String) {
        lastStatus = status
        notify { $0.ready(status: status) }
    }

    func stopping() {
        _ = notifier?.stopping()
    }

    /// Sends through the notifier; a failure is logged once, never fatal.
    private func notify(_ send: (SystemdNotifier) -> Bool) {
        guard let notifier else { return }
        if send(notifier) {
            failureLogged = false
        } else if !failureLogged, let failure = notifier.lastFailure {
            failureLogged = true
            log.warning("\(failure)")
        }
    }
}
