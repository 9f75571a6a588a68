import Testing

@testable import KioskCore

/// Action scripts played on a Navigator turning a cube.
@Suite("Action scripts on a cube")
struct CubeActionScriptTests {
    @Test("play stops at `until` exactly, mid-gesture, and otherwise runs until nothing moves")
    func playTiming() throws {
        let configuration = NavFixture.configuration(
            home: "cube",
            [NavFixture.panel("a"), NavFixture.panel("b"), NavFixture.cube("cube", ["a", "b"])])
        let nav = try Navigator(configuration: configuration, viewport: NavFixture.viewport)
        let script = try ActionScript.parse("wait 1s; next")
        #expect(script.play(on: nav, until: 0.5) == 0.5)
        #expect(nav.now == 0.5)
        #expect(!nav.isAnimating)
        let end = script.play(on: nav)
        // The turn starts at 1 s and takes 0.3 s; play then steps at 60 Hz until it settles.
        #expect(end >= 1.3 && end < 1.3 + 1.0 / 60 + 1e-9)
        #expect(!nav.isAnimating)
        #expect((nav.root as? CubeContainer)?.currentIndex == 1)
    }

    @Test(
        "a finger held on a turned cube is not an animation: play returns at once, leaving the drag as it is"
    )
    func playWithFingerDown() throws {
        let configuration = NavFixture.configuration(
            home: "cube",
            [NavFixture.panel("a"), NavFixture.panel("b"), NavFixture.cube("cube", ["a", "b"])])
        let nav = try Navigator(configuration: configuration, viewport: NavFixture.viewport)
        // A finger held down on a turned cube keeps it dragging (the script ends before the up).
        let script = ActionScript(steps: [
            .drag(from: Point(x: 900, y: 400), to: Point(x: 600, y: 400), duration: 0.1)
        ])
        let (events, _) = script.events()
        for event in events.dropLast(2) {
            nav.advance(to: event.time)
            if case .touch(let t) = event { nav.handle(t) }
        }
        #expect((nav.root as? CubeContainer)?.isDragging == true)
        #expect(ActionScript(steps: []).play(on: nav) == 0.1)
        #expect((nav.root as? CubeContainer)?.position == 300.0 / 1280)
    }
}
