import KioskCore
import KioskPlatform

/// The attract loop: after `[idle] screensaver_after` the runner shows a navigator built at the
/// screensaver page (the schedule row's, while one holds, else `[idle] screensaver`) and keeps
/// the visitor's aside in `Screensaver`; the first touch or key only ends it (the input router
/// swallows it as it does the wake tap of a blank screen) and the visitor's navigator, untouched,
/// is shown again: gone home if `home_after` passed meanwhile (`idleHome` acts on it).
extension KioskRunner {
    /// The screensaver page in force now: the schedule row's over `[idle] screensaver`; nil
    /// without one, or while the error page is shown.
    var screensaverPage: PageID? {
        guard let good = config.good else { return nil }
        return schedule.state.screensaver ?? good.settings.idle.screensaver
    }

    /// `[idle]` of the good configuration (defaults while only errors were seen), its screensaver
    /// page the one in force, so the idle clock counts towards it only when there is one.
    func applyIdleSettings() {
        var settings = config.good?.settings.idle ?? IdleSettings()
        settings.screensaver = screensaverPage
        idle.apply(settings)
    }

    /// Shows the screensaver page over the visitor's navigation (`quiet`: the idle seconds for
    /// the log; nil when it comes back after a schedule change).
    func startScreensaver(quiet: Double?) {
        // The attract loop speaks the default language (a reset behind it would end it).
        if quiet != nil { resetLanguage() }
        guard let page = screensaverPage, !day.screensaver.isShowing,
            let visitor = navigator, config.shown.pages[page] != nil,
            let saver = makeNavigator(
                config.shown, viewport: visitor.viewport, scale: visitor.scale, root: page)
        else { return }
        visitor.advance(to: MonotonicClock.now)
        day.screensaver.start(page: page, keeping: visitor)
        navigator = saver
        if let quiet {
            log.info(
                "idle for \(IdleService.seconds(quiet)) s: showing the screensaver \"\(page)\"")
        }
        redrawAll()
    }

    /// Ends the screensaver, if it shows: the visitor's navigation is on screen again, as it was
    /// (or at home, if `home_after` passed meanwhile).
    func endScreensaver() {
        guard let visitor = day.screensaver.end() else { return }
        // A home animation `home_after` started unseen has run its time: it shows settled.
        visitor.advance(to: MonotonicClock.now)
        navigator = visitor
        log.info("screensaver ended: back at \"\(visitor.activeNode.id)\"")
        redrawAll()
    }
}
