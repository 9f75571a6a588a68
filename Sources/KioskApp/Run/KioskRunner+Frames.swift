import KioskCore
import KioskPlatform
import KioskRender

/// The frame pipeline's place in the run: the output's draw goes to `FramePipeline`; what the
/// frame leads to (the next frame, clock wake-ups, saving the navigation, READY=1 and STATUS=,
/// the "showing page" log line) runs in `frameFinished`, after the output committed it.
extension KioskRunner {
    func draw(into frame: OutputFrame, time: Double) -> [Rect] {
        guard let navigator else { return [] }
        // The frame moves the navigator's clock to now: touches from before it go first.
        router.readPendingInput()
        takeControlValues()
        syncAudience()
        let damage = pipeline.draw(
            navigator, into: frame, time: time, now: WallClockTime.now(), blanked: isBlanked)
        StartupTimeline.process.mark("draw")
        return damage
    }

    func frameFinished() {
        guard let outcome = pipeline.finishedFrame() else { return }
        // The first frame's mode set (DRM) or commit (Wayland).
        StartupTimeline.process.mark("present")
        if outcome.isCommitted, !isBlanked,
            let took = day.wakeLatency.litFrameCommitted(
                at: MonotonicClock.now, presentationReported: output?.lastPresented != nil)
        {
            log.info("\(WakeLatency.line(milliseconds: took, presented: false))")
        }
        if outcome.isAnimating { output?.setNeedsFrame() }
        betweenFrames?.wakeups.arm(
            for: pipeline.renderer.surfaces, now: outcome.now,
            navigationDeadline: navigator?.nextDeadline)
        if outcome.isSettled, let navigator {
            if config.good != nil { betweenFrames?.ahead.settled(navigator) }
            // The screensaver's navigation is never saved: a restart returns to the visitor's.
            let saving = config.good != nil && !day.screensaver.isShowing
            if let page = keeper.settled(navigator, saving: saving) {
                if config.good != nil { log.info("showing page \"\(page)\"") }
                controlPageSettled(page)
                updateStatus()
            }
        } else {
            betweenFrames?.ahead.moving()
        }
        if outcome.isFirst {
            // A panel started while the schedule holds it off: the first frame goes out (DRM: it
            // replaces the console; Wayland: it maps the window), then the output powers down.
            syncDisplayPower()
            status.firstFrameCommitted(
                status: { [unowned self] in statusText }, then: { [unowned self] in startInput() })
        }
    }

    /// The output reported a frame on the glass: it ends a wake's latency if a lit frame
    /// waited for it.
    func framePresented() {
        if let took = day.wakeLatency.presented(at: MonotonicClock.now) {
            log.info("\(WakeLatency.line(milliseconds: took, presented: true))")
        }
    }

    /// After READY=1: the direct input source (libinput), if the settings or the output ask for one.
    private func startInput() {
        let started = MonotonicClock.now
        router.start()
        guard router.readsDirectly else { return }
        let after = StartupTimeline.process.millisecondsSinceStart(at: started)
        let took = Int(((MonotonicClock.now - started) * 1000).rounded())
        log.info(
            "input started after READY=1: \(after) ms after the process started, in \(took) ms")
    }

    /// One line for `systemctl status`.
    var statusText: String {
        guard config.good != nil else {
            return "config has errors; showing them on screen until \(config.directory) is fixed"
        }
        var text = "showing page \"\(navigator?.activeNode.id ?? config.shown.settings.home)\""
        if idle.isBlanked { text = "screen blank (idle); " + text }
        if schedule.isOff { text = "display off (schedule); " + text }
        if let banner = config.banner {
            text += "; last config edit not applied (\(counted(banner.errors.count, "error")))"
        }
        return text
    }

    func updateStatus() {
        status.update(statusText)
        reportToFleet()
    }

    /// Everything on screen is drawn again with the next frame (the display, the screensaver or
    /// the navigation changed: who sees the pages may have too).
    func redrawAll() {
        syncAudience()
        pipeline.invalidate()
        output?.setNeedsFrame()
        updateStatus()
    }
}

extension KioskRunner: InputRouterDelegate {
    var isBlanked: Bool { idle.isBlanked || schedule.isOff }
    var wakesOnInput: Bool { isBlanked || day.screensaver.isShowing }

    func inputActivity() {
        // The idle clock's last activity also moves the end of a wake window.
        idle.activity()
        // Idle lit the backlight at its own last level: the schedule's may have changed since.
        schedule.syncBacklight()
    }

    func wake(by cause: String, at time: Double) {
        // Only a dark display's wake is timed (the screensaver's end lights nothing).
        if isBlanked { day.wakeLatency.woke(touchedAt: time) }
        idle.wake()
        schedule.wake()
        schedule.syncBacklight()
        endScreensaver()
        syncDisplayPower()
        log.info("woken by \(cause) (not delivered to the page)")
        redrawAll()
    }

    func navigationChanged() {
        output?.setNeedsFrame()
    }

    func switchVirtualTerminal(_ vt: Int) -> Bool {
        output?.switchVirtualTerminal(vt) ?? false
    }
}
