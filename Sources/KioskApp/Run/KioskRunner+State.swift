import KioskCore
import KioskPlatform

/// The navigation saved whenever it comes to rest (atomically: write, fsync, rename, fsync the
/// folder) and restored at start, so a panel restarted after a crash shows what it showed.
extension KioskRunner {
    /// At start (or when the first good config replaces the diagnostic page): puts the fresh
    /// navigator where the saved state says, if the state fits the config entirely. A file that
    /// cannot be read or no longer fits is ignored with one warning, and the kiosk starts at home.
    func restoreSavedNavigation() {
        guard let store, let navigator else { return }
        switch store.load() {
        case .none:
            log.info("no saved navigation in \(store.path); starting at home")
        case .unusable(let reason):
            log.warning("\(reason); ignoring it and starting at home")
        case .state(let saved):
            let restored = navigator.restore(saved)
            let missing = Set(saved.entries.keys).subtracting(restored)
            if missing.isEmpty {
                log.info("restored the navigation saved in \(store.path): page \"\(navigator.activeNode.id)\"")
            } else {
                let names = missing.sorted().prefix(3).map { "\"\($0)\"" }.joined(separator: ", ")
                log.warning(
                    "\(store.path): saved navigation no longer fits the config (\(names)); ignoring it and starting at home")
                // A partial restore could show a mix; start clean.
                self.navigator = makeNavigator(shownConfiguration, viewport: navigator.viewport, scale: navigator.scale)
            }
        }
        lastSavedState = self.navigator?.state
    }

    /// Saves the navigation when it changed since the last save.
    func saveNavigation(_ navigator: Navigator) {
        guard goodConfiguration != nil, let store else { return }
        let state = navigator.state
        guard state != lastSavedState else { return }
        do {
            try store.save(state)
            lastSavedState = state
            saveFailureLogged = false
            log.debug("navigation saved to \(store.path)")
        } catch {
            lastSavedState = state
            guard !saveFailureLogged else { return }
            saveFailureLogged = true
            log.warning("cannot save the navigation: \(error.description)")
        }
    }
}
