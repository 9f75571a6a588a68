import KioskConfig
import KioskCore
import KioskPlatform

/// Live config: SIGHUP or a change in the config folder reloads it (`ConfigService` decides
/// what is shown). Whatever configuration is shown, the diagnostic page's included, the runner
/// applies all of it: pages, `[idle]`, `state_file`, and `[display]`/`[input]` (rotation,
/// calibration, touch rotation, the input source), at start and after every reload.
extension KioskRunner {
    func reload(reason: String) {
        status.reloading()
        let outputBefore = config.shown.settings.output
        let (change, result) = config.reload()
        switch change {
        case .unchanged:
            for warning in result.warnings { log.warning("\(warning.description)") }
            log.info("config reload (\(reason)): nothing changed")
        case .applied(let replacedDiagnostics):
            for warning in result.warnings { log.warning("\(warning.description)") }
            if let notice = config.shown.settings.output.restartNotice(comparedTo: outputBefore) {
                log.notice("\(notice)")
            }
            showConfiguration(restoringSaved: replacedDiagnostics)
            log.notice("config reloaded (\(reason)): \(config.shown.pages.count) pages")
        case .diagnostics, .banner:
            for error in result.errors { log.error("\(error.description)") }
            if change == .diagnostics {
                showConfiguration(restoringSaved: false)
            } else {
                showBanner()
                redrawAll()
            }
            let kept =
                config.good == nil ? "showing the errors on screen" : "keeping the last good config"
            log.error(
                "config reload (\(reason)): \(counted(result.errors.count, "error")); \(kept)")
        }
        status.reloaded(status: statusText)
    }

    /// Shows `config.shown`, keeping the navigation where it still fits (or restoring the saved
    /// one when it replaces the diagnostic page), with all its settings applied.
    func showConfiguration(restoringSaved: Bool) {
        pipeline.renderer.update(configuration: config.shown)
        pipeline.overlays.use(theme: config.shown.settings.theme)
        showBanner()
        // The reloaded pages replace the visitor's navigation, not the attract page's.
        endScreensaver()
        applyServiceSettings()
        let viewportChanged = applyInputSettings()
        if let old = navigator {
            let viewport = viewportChanged ? router.viewport : old.viewport
            if let made = makeNavigator(config.shown, viewport: viewport, scale: old.scale) {
                navigator = made
                if restoringSaved {
                    restoreSavedNavigation()
                } else if config.good != nil {
                    let restored = made.restore(old.state)
                    log.debug("kept the navigation of \(restored.count) containers")
                }
            }
        }
        if let navigator {
            pipeline.overlays.place(viewport: navigator.viewport, scale: navigator.scale)
        }
        redrawAll()
    }

    /// `[idle]` and `state_file` of the good configuration (defaults while only errors were seen).
    func applyServiceSettings() {
        applyIdleSettings()
        let good = config.good?.settings
        schedule.apply(
            good?.schedule ?? Schedule(), wakeFor: good?.output.wakeFor ?? 120,
            backlight: good?.idle.backlight)
        keeper.use(config.good, environment: SystemdNotifier.processEnvironment)
        applyControlSettings()
        deliverScheduleValues()
    }

    /// `[display]` and `[input]` of the shown configuration: the router's touch geometry and
    /// sources, and the display orientation the renderer reads. Returns true when the
    /// Navigator's viewport changed (a rotation between portrait and landscape).
    @discardableResult
    func applyInputSettings() -> Bool {
        let before = router.viewport
        guard router.apply(config.shown.settings.input) else { return false }
        return router.viewport != before
    }

    /// The error banner of `config.banner` over the pages (none when it is nil): a new one for
    /// new errors; a tap on it dismisses it.
    func showBanner() {
        let overlays = pipeline.overlays
        guard let banner = config.banner else {
            overlays.remove(levels: [.banner])
            return
        }
        if (overlays.shown(at: .banner) as? ErrorBannerOverlay)?.banner == banner { return }
        overlays.show(
            ErrorBannerOverlay(banner) { [unowned self] in
                guard config.dismissBanner() else { return }
                log.info("config error banner dismissed")
                updateStatus()
            })
    }
}
