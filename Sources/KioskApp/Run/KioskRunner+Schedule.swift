import KioskCore
import KioskPlatform

/// What a change of the schedule's state does on screen: another home page rebuilds the
/// navigation at it, a page the schedule opens is revealed (and left for home when the row
/// ends), and the display going off or on redraws (black while off).
extension KioskRunner {
    func scheduleChanged(from old: ScheduleState, to new: ScheduleState) {
        // Before the redraw: a display going off shows no black frame of its own (DRM keeps the
        // page's frame for the wake), one going on lights before the next frame.
        syncDisplayPower()
        defer { redrawAll() }
        deliverScheduleValues()
        if new.screensaver != old.screensaver { applyIdleSettings() }
        // The row's pages change the visitor's navigation: the screensaver steps aside for the
        // change and comes back over it (with the row's screensaver page, if it has another).
        let pagesChanged =
            new.home != old.home || new.open != old.open || new.screensaver != old.screensaver
        let wasSaving = pagesChanged && day.screensaver.isShowing
        defer { if wasSaving { startScreensaver(quiet: nil) } }
        if wasSaving { endScreensaver() }
        guard config.good != nil, let current = navigator else { return }
        if new.home != old.home {
            guard
                let made = makeNavigator(
                    config.shown, viewport: current.viewport, scale: current.scale)
            else { return }
            navigator = made
        }
        guard let navigator, new.open != old.open || new.home != old.home else { return }
        navigator.advance(to: MonotonicClock.now)
        if let open = new.open {
            if !navigator.reveal(open) {
                log.warning(
                    "schedule: cannot show \"\(open)\": \(navigator.lastRefusal ?? "no way there")")
            }
        } else if old.open != nil {
            _ = navigator.perform(.home)
        }
        router.reportRefusal(of: navigator, quietly: true)
    }

    /// The output's power follows the schedule (off only while it holds the display off and no
    /// touch woke it); the backlight is `ScheduleService`'s.
    func syncDisplayPower() {
        output?.setDisplayPowered(!schedule.isOff)
    }

    /// `[[value]] source = "schedule"`: the schedule with the rows that hold now marked, from
    /// the state `ScheduleService` evaluated (with a remote display command over it).
    func deliverScheduleValues() {
        guard let control, let good = config.good else { return }
        let payload = Array(schedule.payload.utf8)
        for definition in good.settings.control.values where definition.source == .schedule {
            if let error = control.store.deliver(
                payload, to: definition.name, at: MonotonicClock.now)
            {
                log.warning("value \(definition.name): \(error)")
            }
        }
    }
}
