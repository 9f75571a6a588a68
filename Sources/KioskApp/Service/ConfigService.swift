import KioskConfig
import KioskCore
import KioskPlatform
import Logging

/// Live config (kiosk-peers.md §6.7): which configuration is shown and what a reload changes.
///
/// A good config is taken at once. A bad one changes nothing but a banner listing the errors
/// over the last good pages; while no good config was ever seen (the config was bad at start),
/// the diagnostic page is the shown configuration, and the first good config replaces it. The
/// kiosk never exits because of a typo. The shown configuration's settings, `[display]` and
/// `[input]` included, are what the runner applies, at start and after every change.
final class ConfigService {
    let directory: String
    /// The configuration the navigation shows: the last good one, or the diagnostic page's.
    private(set) var shown: KioskConfiguration
    /// The last configuration that loaded without errors; nil while only errors were seen.
    /// Its texts are as written (`@key`s); `shown` is it in the language picked.
    private(set) var good: KioskConfiguration?
    /// The language a visitor picked (`language = "de"`); nil shows the default language.
    private(set) var language: String?
    /// Errors of the last reload over the last good pages, until a tap dismisses them.
    private(set) var banner: ErrorBanner?
    private var watcher: FileWatcher?
    /// `ConfigFingerprint` of the files as last read, and how many errors they had (health).
    private(set) var fingerprint: String
    private(set) var errorCount: Int

    static let watchDebounce = 0.3

    /// What a reload changed.
    enum Change: Equatable {
        /// The files load to the configuration already shown, with no banner up.
        case unchanged
        /// A good configuration is shown now; `replacedDiagnostics` when it replaces the
        /// diagnostic page (the saved navigation is restored then).
        case applied(replacedDiagnostics: Bool)
        /// Errors, and no good configuration yet: a new diagnostic page is shown.
        case diagnostics
        /// Errors over the last good pages: the banner is up, the pages stay.
        case banner
    }

    /// `loaded` is the config as read at start.
    init(directory: String, loaded: ConfigLoadResult) {
        self.directory = directory
        fingerprint = ConfigFingerprint.of(directory: directory)
        errorCount = loaded.errors.count
        if let configuration = loaded.configuration, !loaded.hasErrors {
            good = configuration
            shown = configuration.localized(to: nil)
        } else {
            shown = DiagnosticPage.configuration(
                errors: loaded.errors, directory: directory, displaySettings: loaded.displaySettings
            )
        }
    }

    /// Reads the folder again and takes what it holds.
    func reload() -> (change: Change, result: ConfigLoadResult) {
        let result = ConfigLoader.load(directory: directory)
        fingerprint = ConfigFingerprint.of(directory: directory)
        return (take(result), result)
    }

    /// Takes a load result: see `Change`.
    func take(_ result: ConfigLoadResult) -> Change {
        errorCount = result.errors.count
        if let configuration = result.configuration, !result.hasErrors {
            if configuration == good && banner == nil { return .unchanged }
            let replacedDiagnostics = good == nil
            good = configuration
            if language.map({ configuration.settings.languages?.offers($0) != true }) == true {
                language = nil  // the language picked is no longer offered
            }
            shown = configuration.localized(to: language)
            banner = nil
            return .applied(replacedDiagnostics: replacedDiagnostics)
        }
        guard let good else {
            shown = DiagnosticPage.configuration(
                errors: result.errors, directory: directory, displaySettings: result.displaySettings
            )
            return .diagnostics
        }
        banner = ErrorBanner(errors: result.errors, directory: directory)
        shown = good.localized(to: language)
        return .banner
    }

    /// Shows the good configuration in `code` (nil: the default language). False when there is
    /// no good configuration, it has no `[languages]` or does not offer `code`.
    func show(language code: String?) -> Bool {
        guard let good, let catalog = good.settings.languages,
            code.map(catalog.offers) ?? true
        else { return false }
        language = code == catalog.defaultLanguage ? nil : code
        shown = good.localized(to: language)
        return true
    }

    /// The language shown: the one picked, else the default; nil without `[languages]`.
    var shownLanguage: String? {
        good?.settings.languages.map { language ?? $0.defaultLanguage }
    }

    /// A tap on the banner: it goes, the pages under it stay. False when no banner was up.
    func dismissBanner() -> Bool {
        guard banner != nil, good != nil else { return false }
        banner = nil
        return true
    }

    /// Watches the folder and its `pages/` (inotify, debounced); `onChange` runs on the loop.
    func watch(loop: EventLoop, log: Logger, onChange: @escaping () -> Void) {
        do {
            let watcher = try FileWatcher(
                loop: loop, paths: [directory, directory + "/pages", directory + "/lang"],
                debounce: Self.watchDebounce,
                relevant: { $0.hasSuffix(".toml") && !$0.hasPrefix(".") }, onChange: onChange)
            // lang/ is optional (no [languages]): only a missing folder or pages/ is news.
            if watcher.paths.prefix(2).contains(where: { !watcher.watchedPaths.contains($0) }) {
                log.notice(
                    "watching \(directory): some folders are missing; they are picked up when they appear"
                )
            }
            self.watcher = watcher
        } catch {
            log.warning(
                "cannot watch \(directory) for changes (\(error.description)); reload with SIGHUP")
        }
    }

    func stopWatching() {
        watcher?.stop()
        watcher = nil
    }
}
