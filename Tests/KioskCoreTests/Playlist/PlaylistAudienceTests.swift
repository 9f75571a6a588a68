import Testing

@testable import KioskCore

/// The playlist and who sees it (`Audience`), with a manual clock: it does not turn on a dark
/// display and gives its page a whole dwell once lit, it holds while a dialog is open over it
/// and resumes `resume_after` after the dialog closes, and a touch the pages never saw (an
/// overlay took it) pauses it as a touch on the page does.
@Suite("PlaylistContainer audience")
struct PlaylistAudienceTests {
    /// Playlist "p" of a, b, c as home: dwell 8, resume_after 30, its dwell started at 100.
    func navigator() throws -> (Navigator, PlaylistContainer) {
        try PlaylistTests().navigator()
    }

    /// The first page's turn is due at `due`: the loop is woken for then, nothing moves a
    /// moment before, and the turn to "b" starts at it.
    func expectFirstTurn(_ nav: Navigator, _ playlist: PlaylistContainer, at due: Double) {
        #expect(nav.nextDeadline == due)
        nav.advance(to: due - 0.1)
        #expect(playlist.currentIndex == 0 && !nav.isAnimating)
        nav.advance(to: due)
        #expect(playlist.transition?.to == "b")
    }

    @Test("on a dark display it does not turn, and once lit its page shows for a whole dwell")
    func darkDisplayHoldsTheTurn() throws {
        let (nav, playlist) = try navigator()
        nav.setAudience(.unseen, at: 104)
        #expect(nav.audience == .unseen)
        // Nothing to wake the loop for while dark, and no turn however long it stays dark.
        #expect(nav.nextDeadline == nil)
        nav.advance(to: 500)
        #expect(playlist.currentIndex == 0 && !nav.isAnimating)
        // Lit at 600: the 4 s it showed before the dark do not count, the page gets all 8.
        nav.setAudience(.watching, at: 600)
        expectFirstTurn(nav, playlist, at: 608)
    }

    @Test("a dialog over it holds it however long it is open; its close counts as a touch")
    func dialogHoldsThenResumesAfterIdle() throws {
        let (nav, playlist) = try navigator()
        nav.setAudience(.busy, at: 105)
        #expect(nav.nextDeadline == nil)
        nav.advance(to: 200)
        #expect(playlist.currentIndex == 0 && !nav.isAnimating)
        // Closed at 200: resume_after (30 s) from then, not the dwell long past.
        nav.setAudience(.watching, at: 200)
        #expect(playlist.isPaused)
        expectFirstTurn(nav, playlist, at: 230)
    }

    @Test("a touch an overlay took pauses it until resume_after, as a touch on the page does")
    func overlayTouchPauses() throws {
        let (nav, playlist) = try navigator()
        nav.visitorInteracted(at: 107)
        #expect(playlist.isPaused)
        expectFirstTurn(nav, playlist, at: 137)
    }

    @Test("the audience set on the navigation reaches a playlist nested in a cube face")
    func nestedPlaylistHearsTheAudience() throws {
        let (nav, playlist) = try PlaylistTests.cubeWithPlaylist(faces: ["p", "x", "y"])
        #expect(nav.nextDeadline == 105)
        nav.setAudience(.unseen, at: 101)
        nav.advance(to: 300)
        #expect(playlist.currentIndex == 0 && !nav.isAnimating)
        nav.setAudience(.watching, at: 300)
        expectFirstTurn(nav, playlist, at: 305)
    }
}
