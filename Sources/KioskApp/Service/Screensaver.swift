import KioskCore

/// The attract loop (`[idle] screensaver`): while it shows, the runner's navigator is one built
/// at the screensaver page and the visitor's navigator waits here untouched, so the first touch
/// hands back exactly the navigation the visitor left (scroll, stack, cube face), not a rebuilt
/// one. Its values stay live because it is drawn as any navigation is.
final class Screensaver {
    /// The visitor's navigation while the screensaver shows; nil when it does not.
    private(set) var visitor: Navigator?
    /// The page on screen as the screensaver, for the log and the status line.
    private(set) var page: PageID?

    var isShowing: Bool { visitor != nil }

    /// Keeps `visitor` aside while `page` shows.
    func start(page: PageID, keeping visitor: Navigator) {
        precondition(!isShowing, "the screensaver is already showing")
        self.visitor = visitor
        self.page = page
    }

    /// Ends the screensaver: the visitor's navigator, to be shown again; nil when none showed.
    func end() -> Navigator? {
        defer {
            visitor = nil
            page = nil
        }
        return visitor
    }
}
