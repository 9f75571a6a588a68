import KioskConfig
import KioskCore
import KioskPlatform

/// Live config (kiosk-peers.md §6.7): SIGHUP or a change in the config folder (inotify,
/// debounced) reloads it. A good config is applied at once, keeping the page, face and stacks
/// where they still exist. A bad one changes nothing on screen but a banner listing the errors;
/// the kiosk never exits because of a typo. While the diagnostic page is up (the config was bad
/// at start), the first good config replaces it.
extension KioskRunner {
    static let watchDebounce = 0.3

    func startWatching() {
        do {
            watcher = try FileWatcher(
                loop: loop, paths: [configDirectory, configDirectory + "/pages"], debounce: Self.watchDebounce,
                relevant: { $0.hasSuffix(".toml") && !$0.hasPrefix(".") },
                onChange: { [unowned self] in reload(reason: "files changed") })
            if let watcher, watcher.watchedPaths.count < watcher.paths.count {
                log.notice("watching \(configDirectory): some folders are missing; they are picked up when they appear")
            }
        } catch {
            log.warning("cannot watch \(configDirectory) for changes (\(error.description)); reload with SIGHUP")
        }
    }

    func reload(reason: String) {
        notify { $0.reloading(monotonicSeconds: MonotonicClock.now) }
        let result = ConfigLoader.load(directory: configDirectory)
        if let configuration = result.configuration, !result.hasErrors {
            for warning in result.warnings { log.warning("\(warning.description)") }
            if configuration == goodConfiguration && banner == nil {
                log.info("config reload (\(reason)): nothing changed")
            } else {
                apply(configuration)
                log.notice("config reloaded (\(reason)): \(configuration.pages.count) pages")
            }
        } else {
            for error in result.errors { log.error("\(error.description)") }
            showProblems(result.errors)
            let kept = goodConfiguration == nil ? "showing the errors on screen" : "keeping the last good config"
            log.error("config reload (\(reason)): \(counted(result.errors.count, "error")); \(kept)")
        }
        lastStatus = statusText
        notify { $0.ready(status: lastStatus) }
    }

    /// Shows a good configuration, keeping the navigation where it still fits.
    private func apply(_ configuration: KioskConfiguration) {
        let firstGood = goodConfiguration == nil
        // The display transform and the input sources are set up once with the window and
        // libinput; changing them live would need both rebuilt mid-touch.
        if configuration.settings.input != geometry.settings {
            log.notice("[display] and [input] changes apply at the next start (systemctl restart kiosk-shell)")
        }
        goodConfiguration = configuration
        shownConfiguration = configuration
        banner = nil
        bannerFrame = nil
        bannerContacts = []
        renderer.update(configuration: configuration)
        applySettings()
        if let old = navigator, let made = makeNavigator(configuration, viewport: old.viewport, scale: old.scale) {
            navigator = made
            if firstGood {
                restoreSavedNavigation()
            } else {
                let restored = made.restore(old.state)
                log.debug("kept the navigation of \(restored.count) containers")
            }
        }
        redrawAll()
    }

    /// Errors of a reload: a banner over the last good pages, or a new diagnostic page.
    private func showProblems(_ errors: [Diagnostic]) {
        guard let good = goodConfiguration else {
            shownConfiguration = DiagnosticPage.configuration(errors: errors, directory: configDirectory)
            renderer.update(configuration: shownConfiguration)
            if let old = navigator {
                navigator = makeNavigator(shownConfiguration, viewport: old.viewport, scale: old.scale)
            }
            redrawAll()
            return
        }
        let banner = ErrorBanner(errors: errors, directory: configDirectory)
        self.banner = banner
        renderer.update(configuration: banner.adding(to: good))
        layoutBanner()
        redrawAll()
    }

    /// Places the banner for the current viewport (its height follows its text).
    func layoutBanner() {
        guard let banner, let navigator else {
            bannerFrame = nil
            return
        }
        guard case .panel(let panel) = banner.page.content else { return }
        let width = navigator.viewport.width
        let layout = renderer.surfaces.renderer.layout(
            panel: panel, size: Size(width: width, height: navigator.viewport.height),
            theme: shownConfiguration.settings.theme)
        bannerFrame = ErrorBanner.frame(viewport: navigator.viewport, contentHeight: layout.contentHeight)
    }

    /// A tap on the banner: it goes, the pages under it stay.
    func dismissBanner() {
        guard banner != nil, let good = goodConfiguration else { return }
        banner = nil
        bannerFrame = nil
        renderer.update(configuration: good)
        log.info("config error banner dismissed")
        redrawAll()
    }

    func redrawAll() {
        previousScene = nil
        window?.setNeedsFrame()
        updateStatus()
    }
}
