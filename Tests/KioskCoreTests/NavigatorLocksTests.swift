import Testing

@testable import KioskCore

/// Locked pages in the navigator: an `open` that leads to one goes to the lock handler, and
/// what the handler is given opens it once the PIN is in, or says why it could not.
@Suite("Navigator: locked pages")
struct NavigatorLocksTests {
    static func locked(_ id: PageID) -> PageDefinition {
        var page = NavFixture.panel(id)
        page.lock = "$y$j9T$salt$hash"
        return page
    }

    @Test("an open of a locked page waits for the handler; unlocked, it opens and reports nothing")
    func opensAfterUnlock() throws {
        let nav = try NavFixture.navigator(
            home: "main",
            [NavFixture.stack("main", root: "home"), NavFixture.panel("home"), Self.locked("staff")]
        )
        var unlock: (() -> String?)?
        nav.lockHandler = { page, unlockAndOpen in
            #expect(page.id == "staff")
            unlock = unlockAndOpen
        }
        #expect(nav.reveal("staff"))
        #expect(nav.activeNode.id == "home")
        let unlockAndOpen = try #require(unlock)
        #expect(unlockAndOpen() == nil)
        _ = NavigatorScrollTests.settle(nav, from: 0)
        #expect(nav.activeNode.id == "staff")
        #expect(!nav.locks.isLocked(try #require(nav.configuration.pages["staff"])))
    }

    @Test("unlocked where nothing can show the page, the handler hears why instead of silence")
    func refusalAfterUnlockIsReported() throws {
        // Home is a lone panel: no stack, cube or tabs around it to show another page in.
        let nav = try NavFixture.navigator(
            home: "home", [NavFixture.panel("home"), Self.locked("staff")])
        var unlock: (() -> String?)?
        nav.lockHandler = { _, unlockAndOpen in unlock = unlockAndOpen }
        nav.reveal("staff")
        let unlockAndOpen = try #require(unlock)
        let refusal = try #require(unlockAndOpen())
        #expect(refusal.contains("no drill-down, stack, cube or tabs around page \"home\""))
        #expect(nav.activeNode.id == "home")
    }
}
