import Testing

@testable import KioskCore

/// The playlist with a manual clock: it turns at each page's dwell, a touch pauses it until
/// `resume_after` has passed, it counts only while on screen, and it nests in a cube.
@Suite("PlaylistContainer")
struct PlaylistTests {
    static let leaves = ["a", "b", "c", "x", "y"].map { NavFixture.panel(PageID($0)) }

    /// A navigator whose home is playlist "p" of a, b, c; its clock started at `start` (the
    /// first advance starts the dwell, as the runner's first frame does).
    func navigator(
        dwell: Double = 8, pageDwell: [PageID: Double] = [:], resumeAfter: Double = 30,
        start: Double = 100
    ) throws -> (Navigator, PlaylistContainer) {
        let nav = try NavFixture.navigator(
            home: "p",
            Self.leaves + [
                NavFixture.playlist(
                    "p", ["a", "b", "c"], dwell: dwell, pageDwell: pageDwell,
                    resumeAfter: resumeAfter)
            ])
        nav.advance(to: start)
        return (nav, try #require(nav.root as? PlaylistContainer))
    }

    func tap(_ nav: Navigator, at time: Double) {
        nav.advance(to: time)
        nav.handle(.down(id: 1, position: Point(x: 600, y: 700), time: time))
        nav.advance(to: time + 0.05)
        nav.handle(.up(id: 1, time: time + 0.05))
    }

    @Test("it turns to the next page when the dwell has passed, and wraps to the first")
    func turnsAtDwell() throws {
        let (nav, playlist) = try navigator()
        #expect(nav.activeNode.id == "a")
        #expect(nav.nextDeadline == 108)
        nav.advance(to: 107.99)
        #expect(nav.activeNode.id == "a" && !nav.isAnimating)
        nav.advance(to: 108)
        #expect(playlist.transition?.to == "b")
        #expect(nav.isAnimating && nav.nextDeadline == nil)
        nav.advance(to: 108.5)
        #expect(nav.activeNode.id == "b" && !nav.isAnimating)
        // The next page's dwell counts from when it came to rest.
        #expect(nav.nextDeadline == 116.5)
        nav.advance(to: 116.5)
        nav.advance(to: 117)
        #expect(nav.activeNode.id == "c")
        nav.advance(to: 125)
        nav.advance(to: 125.5)
        #expect(nav.activeNode.id == "a")
    }

    @Test("a page of [page_dwell] shows for its own time")
    func perPageDwell() throws {
        let (nav, _) = try navigator(pageDwell: ["b": 20])
        nav.advance(to: 108)
        nav.advance(to: 108.5)
        #expect(nav.activeNode.id == "b")
        #expect(nav.nextDeadline == 128.5)
        nav.advance(to: 128.4)
        #expect(nav.activeNode.id == "b" && !nav.isAnimating)
        nav.advance(to: 128.5)
        nav.advance(to: 129)
        #expect(nav.activeNode.id == "c")
    }

    @Test("a touch pauses it, and it resumes resume_after seconds after the last touch")
    func touchPausesUntilIdle() throws {
        let (nav, playlist) = try navigator(resumeAfter: 30)
        tap(nav, at: 105)
        #expect(playlist.isPaused)
        // The dwell (108) passes; the visitor is still there.
        nav.advance(to: 120)
        #expect(nav.activeNode.id == "a" && !nav.isAnimating)
        // Another touch (its lift at 120.05) pushes the resume out again.
        tap(nav, at: 120)
        #expect(nav.nextDeadline == 150.05)
        nav.advance(to: 150)
        #expect(nav.activeNode.id == "a" && !nav.isAnimating)
        nav.advance(to: 150.05)
        #expect(playlist.transition?.to == "b")
        nav.advance(to: 151)
        #expect(nav.activeNode.id == "b" && !playlist.isPaused)
    }

    @Test("a key press pauses it as a touch does")
    func keyPauses() throws {
        let (nav, playlist) = try navigator()
        nav.advance(to: 107)
        nav.handle(KeyEvent(key: .tab, isPressed: true, time: 107))
        #expect(playlist.isPaused)
        nav.advance(to: 136.9)
        #expect(nav.activeNode.id == "a")
        nav.advance(to: 137)
        #expect(playlist.transition?.to == "b")
    }

    @Test("open of one of its pages turns to it, and home turns back to the first")
    func openAndHome() throws {
        let (nav, playlist) = try navigator()
        #expect(nav.open("c"))
        nav.advance(to: 101)
        #expect(nav.activeNode.id == "c")
        // The page opened shows for a whole dwell from when it came to rest.
        #expect(nav.nextDeadline == 108.5)
        #expect(nav.perform(.home))
        nav.advance(to: 102)
        #expect(playlist.currentIndex == 0)
    }

    @Test("nested in a cube it turns only while its face is in view")
    func nestedInCube() throws {
        let nav = try NavFixture.navigator(
            home: "cube",
            Self.leaves + [
                NavFixture.cube("cube", ["x", "p", "y"]),
                NavFixture.playlist("p", ["a", "b", "c"], dwell: 5)
            ])
        nav.advance(to: 100)
        let cube = try #require(nav.root as? CubeContainer)
        let playlist = try #require(cube.faces[1] as? PlaylistContainer)
        // Off screen it is not due: nothing wakes the loop.
        #expect(nav.nextDeadline == nil)
        nav.advance(to: 200)
        #expect(playlist.currentIndex == 0)
        #expect(nav.perform(.nextFace))
        var t = 200.0
        while nav.isAnimating {
            t += 1.0 / 60
            nav.advance(to: t)
        }
        #expect(nav.activeNode.id == "a")
        // The dwell counts from the moment the face came to rest in view, not from the start.
        let due = try #require(nav.nextDeadline)
        #expect(due > 205 && due <= t + 5)
        nav.advance(to: due - 0.01)
        #expect(playlist.currentIndex == 0 && !nav.isAnimating)
        nav.advance(to: due)
        let shown = due + 1
        nav.advance(to: shown)
        #expect(nav.activeNode.id == "b")
        // `open` of a playlist page from another face turns the cube to it.
        #expect(nav.perform(.nextFace))
        nav.advance(to: shown + 7)
        #expect(nav.activeNode.id == "y")
        #expect(nav.open("c"))
        nav.advance(to: shown + 9)
        #expect(nav.activeNode.id == "c")
    }

    @Test("its turns are reported as playlist events, after the appearance events")
    func events() throws {
        let (nav, _) = try navigator()
        var events: [String] = []
        nav.onEvent = { events.append($0.description) }
        let recorder = LifecycleRecorder()
        nav.observer = recorder
        nav.advance(to: 108)
        nav.advance(to: 108.5)
        #expect(events == ["playlist p didTurn 1 b"])
        #expect(
            recorder.lines == [
                "b load", "b willAppear", "a willDisappear", "b didAppear", "a didDisappear"
            ])
    }

    @Test("a single page never turns and never wakes the loop")
    func singlePage() throws {
        let nav = try NavFixture.navigator(
            home: "p", Self.leaves + [NavFixture.playlist("p", ["a"])])
        nav.advance(to: 100)
        #expect(nav.nextDeadline == nil)
        nav.advance(to: 1000)
        #expect(nav.activeNode.id == "a" && !nav.isAnimating)
    }
}
