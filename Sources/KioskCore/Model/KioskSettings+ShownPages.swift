/// The pages the panel shows without a tap leading to them, besides home: they are roots of the
/// page routes (`KioskConfiguration.routeRoots`) as home is.
extension KioskSettings {
    /// The pages kiosk.toml names besides `home` (`[idle] screensaver` and the schedule rows'
    /// `home`, `open` and `screensaver`), each with the key it is at (`schedule[2].open`) for
    /// the loader's unknown-id messages.
    public var pagesNamedInSettings: [(id: PageID, keyPath: String)] {
        var pages: [(id: PageID, keyPath: String)] = []
        if let id = idle.screensaver { pages.append((id, "idle.screensaver")) }
        for (index, row) in schedule.rows.enumerated() {
            let path = "schedule[\(index + 1)]."
            if let id = row.sets.home { pages.append((id, path + "home")) }
            if let id = row.sets.open { pages.append((id, path + "open")) }
            if let id = row.sets.screensaver { pages.append((id, path + "screensaver")) }
        }
        return pages
    }
}
