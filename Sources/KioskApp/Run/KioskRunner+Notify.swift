import KioskCore
import KioskPlatform

/// sd_notify (kiosk-peers.md §6.5): READY=1 once the first frame is on screen, STATUS= with the
/// page shown, WATCHDOG=1 from the event loop at half of WATCHDOG_USEC (a loop that hangs stops
/// pinging and systemd restarts the service), RELOADING=1/READY=1 around a reload, STOPPING=1.
extension KioskRunner {
    func startNotifying() {
        guard let notifier = SystemdNotifier() else { return }
        self.notifier = notifier
        log.debug("sd_notify socket \(notifier.socketName)")
        guard let interval = notifier.watchdogInterval else { return }
        // A timer of this loop, not a thread: it only fires while the loop still turns.
        watchdogTimer = try? loop.addTimer(after: interval, repeating: interval) { [unowned self] _ in
            notify { $0.watchdog() }
        }
        log.info("watchdog: pinging systemd every \(Self.seconds(interval)) s")
    }

    /// Called from the first draw; the window commits right after the draw returns and the
    /// display flushes before the loop waits, so READY=1 goes out on the next loop turn, after
    /// the frame reached the compositor.
    func firstFrameDrawn() {
        readySent = true
        _ = try? loop.addTimer(after: 0) { [unowned self] _ in
            log.info("ready: first frame on screen")
            let status = statusText
            lastStatus = status
            notify { $0.ready(status: status) }
        }
    }

    /// Sends STATUS= when it changed.
    func updateStatus() {
        guard readySent else { return }
        let status = statusText
        guard status != lastStatus else { return }
        lastStatus = status
        notify { $0.status(status) }
    }

    /// One line for `systemctl status`.
    var statusText: String {
        guard goodConfiguration != nil else {
            return "config has errors; showing them on screen until \(configDirectory) is fixed"
        }
        var text = "showing page \"\(navigator?.activeNode.id ?? shownConfiguration.settings.home)\""
        if idle.isBlanked { text = "screen blank (idle); " + text }
        if let banner { text += "; last config edit not applied (\(counted(banner.errors.count, "error")))" }
        return text
    }

    /// Sends through the notifier; a failure is logged once, never fatal.
    func notify(_ send: (SystemdNotifier) -> Bool) {
        guard let notifier else { return }
        if send(notifier) {
            notifyFailureLogged = false
        } else if !notifyFailureLogged, let failure = notifier.lastFailure {
            notifyFailureLogged = true
            log.warning("\(failure)")
        }
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String((value * 1000).rounded() / 1000)
    }
}
