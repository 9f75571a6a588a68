import KioskCore
import KioskPlatform

/// `[idle]` (kiosk-peers.md §6.2–6.3): after `home_after` seconds without input the navigation
/// goes home (animated: stacks and drill-downs back to their root, cubes to face 0, tabs to the
/// first); after `blank_after` the screen shows a black frame and the backlight goes off. The
/// first touch on a blank screen only wakes it (`+Input`).
extension KioskRunner {
    /// Arms one timer for the next idle step; input only moves `lastActivity`, and the timer
    /// re-arms itself when it fires early, so a touch does not create a timer per event.
    func armIdle() {
        guard let deadline = idle.nextDeadline else {
            if let idleTimer { loop.cancelTimer(idleTimer) }
            idleTimer = nil
            idleTimerDeadline = nil
            return
        }
        if idleTimer != nil, let armed = idleTimerDeadline, armed <= deadline { return }
        if let idleTimer { loop.cancelTimer(idleTimer) }
        idleTimerDeadline = deadline
        idleTimer = try? loop.addTimer(after: max(0.001, deadline - MonotonicClock.now)) { [unowned self] _ in
            idleTimer = nil
            idleTimerDeadline = nil
            idleFired()
        }
    }

    /// Input arrived.
    func noteActivity() {
        idle.activity(at: MonotonicClock.now)
        armIdle()
    }

    private func idleFired() {
        let now = MonotonicClock.now
        for step in idle.due(at: now) {
            let quiet = Self.seconds((now - idle.lastActivity).rounded())
            switch step {
            case .home:
                guard goodConfiguration != nil, let navigator else { continue }
                navigator.advance(to: now)
                if navigator.perform(.home) { log.info("idle for \(quiet) s: going home") }
                loggedRefusal = navigator.lastRefusal
            case .blank:
                log.info("idle for \(quiet) s: blanking the screen")
                setBacklight(on: false)
                updateStatus()
            }
            window?.setNeedsFrame()
        }
        armIdle()
    }

    /// Lights the screen again after a blank.
    func wake(by cause: String) {
        idle.wake(at: MonotonicClock.now)
        setBacklight(on: true)
        log.info("woken by \(cause) (not delivered to the page)")
        previousScene = nil
        window?.setNeedsFrame()
        updateStatus()
        armIdle()
    }

    func setBacklight(on: Bool) {
        guard let backlight else { return }
        do {
            try backlight.setPower(on: on)
        } catch {
            log.warning("backlight \(backlight.name): \(error.description)")
        }
    }

    /// Idle settings and the backlight device from the good configuration (at start and after a
    /// reload).
    func applySettings() {
        let settings = goodConfiguration?.settings.idle ?? IdleSettings()
        idle.settings = settings
        if settings.backlight != backlight?.name {
            if idle.isBlanked { setBacklight(on: true) }
            backlight = settings.backlight.map { Backlight(name: $0) }
            if let backlight, !backlight.exists {
                log.warning("[idle] backlight: no \(backlight.directory); blanking shows a black frame only")
                self.backlight = nil
            }
            // A run that died while blank (kill -9, a crash) left the light off: set it either way.
            setBacklight(on: !idle.isBlanked)
        }
        store = goodConfiguration.flatMap {
            NavigationStore.resolve(setting: $0.settings.stateFile, environment: SystemdNotifier.processEnvironment)
        }
        if display != nil { armIdle() }
    }
}
