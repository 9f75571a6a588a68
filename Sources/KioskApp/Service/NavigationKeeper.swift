import KioskCore
import KioskPlatform
import Logging

/// The navigation saved whenever it comes to rest (atomically: write, fsync, rename, fsync the
/// folder, on `NavigationSaver`'s thread) and restored at start, so a panel restarted after a crash shows what it showed; and
/// the page last reported as shown, so each change is logged once.
final class NavigationKeeper {
    private let log: Logger
    /// Where to save (`state_file`, or `$STATE_DIRECTORY`); nil: nowhere.
    private(set) var store: NavigationStore?
    private var lastSavedState: NavigationState?
    /// Writes off the loop (two fsyncs must not hold up a touch or a frame).
    let saver: NavigationSaver
    /// The page last reported as shown.
    private(set) var shownPage: PageID?

    init(log: Logger) {
        self.log = log
        saver = NavigationSaver(log: log)
    }

    /// Follows `state_file` of the good configuration (none while only errors were seen).
    func use(_ configuration: KioskConfiguration?, environment: (String) -> String?) {
        store = configuration.flatMap {
            NavigationStore.resolve(setting: $0.settings.stateFile, environment: environment)
        }
    }

    /// Puts a fresh `navigator` where the saved state says, as far as it still fits the config
    /// (as a live reload does): containers whose saved place no longer fits start on their start
    /// page, with one warning naming them. Returns the containers that were restored. A file that
    /// cannot be read is ignored with one warning, and the kiosk starts at home.
    @discardableResult
    func restore(into navigator: Navigator) -> [PageID] {
        defer { lastSavedState = navigator.state }
        guard let store else { return [] }
        switch store.load() {
        case .none:
            log.info("no saved navigation in \(store.path); starting at home")
        case .unusable(let reason):
            log.warning("\(reason); ignoring it and starting at home")
        case .state(let saved):
            let restored = navigator.restore(saved)
            let missing = Set(saved.entries.keys).subtracting(restored)
            if missing.isEmpty {
                log.info(
                    "restored the navigation saved in \(store.path): page \"\(navigator.activeNode.id)\""
                )
            } else {
                let names = missing.sorted().prefix(3).map { "\"\($0)\"" }.joined(separator: ", ")
                log.warning(
                    "\(store.path): part of the saved navigation no longer fits the config (\(names)); kept the rest: page \"\(navigator.activeNode.id)\""
                )
            }
            return restored
        }
        return []
    }

    /// Navigation came to rest: saves it when it changed since the last save; returns the page
    /// when it is not the one last reported (log it once, update the status).
    func settled(_ navigator: Navigator, saving: Bool) -> PageID? {
        if saving { save(navigator) }
        let page = navigator.activeNode.id
        guard page != shownPage else { return nil }
        shownPage = page
        return page
    }

    /// Hands a changed state to the saver thread; the write happens after the frame that settled,
    /// off the loop.
    private func save(_ navigator: Navigator) {
        guard let store else { return }
        let state = navigator.state
        guard state != lastSavedState else { return }
        lastSavedState = state
        saver.save(state, to: store)
    }

    /// Writes what is still pending (at exit).
    func finishSaving() {
        saver.stop()
    }
}
