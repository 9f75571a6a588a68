import Testing

@testable import KioskCore

/// A stack pushed by a tap, popped by back and by a drag from its left edge, drawn mid-transition.
@Suite("Navigator stack")
struct NavigatorStackTests {
    static let spec = TransitionSpec(kind: .cube, orientation: .rightToLeft, duration: 0.4)
    static let pages = [
        NavFixture.panel("a", opens: ["b"]), NavFixture.panel("b", opens: ["c"]),
        NavFixture.panel("c"),
        NavFixture.stack("s", root: "a", spec)
    ]

    static func stack(_ nav: Navigator) throws -> TransitionStack {
        try #require(nav.root as? TransitionStack)
    }

    /// The first stack below the root.
    static func childStack(_ nav: Navigator) -> TransitionStack? {
        (nav.root as? ContainerNode)?.children.lazy.compactMap { $0 as? TransitionStack }.first
    }

    /// Expects the scene's panels to be drawn with `frame`'s poses in its draw order (times `scale`).
    static func expectDrawn(
        _ scene: Scene, _ frame: TransitionFrame, incoming: PageID, outgoing: PageID,
        scale: Double = 1,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let expected = frame.drawOrder.map { $0.role == .incoming ? incoming : outgoing }
        #expect(SceneText.panels(scene) == expected, sourceLocation: sourceLocation)
        for (layer, draw) in zip(scene.layers, frame.drawOrder) {
            let pose = frame.pose(draw.role)
            #expect(
                layer.transform.isClose(to: pose.transform.then(.scale(x: scale, y: scale))),
                sourceLocation: sourceLocation)
            #expect(
                layer.opacity == pose.opacity && layer.dim == pose.dim,
                sourceLocation: sourceLocation)
        }
    }

    @Test(
        "a tap on a row pushes with the stack's cube transition; half-way both pages have the transition's poses"
    )
    func pushMidway() throws {
        let nav = try NavFixture.navigator(home: "s", Self.pages, scale: 2)
        // The tap lifts at 0.05 s; 0.4 s later the push is done.
        try NavFixture.play("tap 640,30", on: nav, until: 0.25)
        let t = try #require(try Self.stack(nav).transition)
        #expect(t.from == "a" && t.to == "b" && t.direction == .push && t.spec == Self.spec)
        #expect(abs(t.progress - 0.5) < 1e-9)
        let frame = Transition(Self.spec).frame(
            progress: t.progress, size: NavFixture.viewport, direction: .push)
        let scene = nav.scene()
        #expect(scene.isAnimating)
        #expect(scene.layers.count == 2)
        Self.expectDrawn(scene, frame, incoming: "b", outgoing: "a", scale: 2)
        nav.advance(to: 0.45)
        #expect(SceneText.panels(nav.scene()) == ["b"])
        #expect(try Self.stack(nav).entries.map(\.id) == ["a", "b"])
    }

    @Test(
        "back pops with the push played backwards: pop at p draws the returning page where the push drew it at 1 − p"
    )
    func popReverses() throws {
        let nav = try NavFixture.navigator(home: "s", Self.pages)
        try NavFixture.play("open b; wait 1s; back", on: nav, until: 1.1)
        let t = try #require(try Self.stack(nav).transition)
        #expect(t.direction == .pop && t.from == "b" && t.to == "a")
        #expect(abs(t.progress - 0.25) < 1e-9)
        let size = NavFixture.viewport
        let frame = Transition(Self.spec).frame(progress: t.progress, size: size, direction: .pop)
        Self.expectDrawn(nav.scene(), frame, incoming: "a", outgoing: "b")
        let push = Transition(Self.spec).frame(
            progress: 1 - t.progress, size: size, direction: .push)
        let a = try #require(SceneText.layer(nav.scene(), "a"))
        let b = try #require(SceneText.layer(nav.scene(), "b"))
        #expect(a.transform.isClose(to: push.outgoing.transform, tolerance: 1e-9))
        #expect(b.transform.isClose(to: push.incoming.transform, tolerance: 1e-9))
        nav.advance(to: 2)
        #expect(try Self.stack(nav).entries.map(\.id) == ["a"])
        #expect(SceneText.panels(nav.scene()) == ["a"])
    }

    @Test(
        "a drag from the left edge pops interactively, following the finger, and commits past half")
    func edgeDragBack() throws {
        let nav = try NavFixture.navigator(home: "s", Self.pages)
        try NavFixture.play("open b", on: nav)
        let t0 = nav.now
        let script = "wait \(t0)s; drag 5,400 805,400 500ms"
        // At 0.25 s the finger is at x = 405: 400 of 1280 px.
        try NavFixture.play(script, on: nav, until: t0 + 0.25)
        let t = try #require(try Self.stack(nav).transition)
        #expect(t.isInteractive && t.direction == .pop && t.from == "b" && t.to == "a")
        #expect(abs(t.progress - 400.0 / 1280) < 1e-9)
        #expect(try Self.stack(nav).entries.map(\.id) == ["a", "b"])
        let frame = Transition(Self.spec).frame(
            progress: t.progress, size: NavFixture.viewport, direction: .pop)
        Self.expectDrawn(nav.scene(), frame, incoming: "a", outgoing: "b")
        try NavFixture.resume(script, on: nav, after: t0 + 0.25)
        #expect(try Self.stack(nav).entries.map(\.id) == ["a"])
        #expect(SceneText.panels(nav.scene()) == ["a"])
    }

    @Test("a short slow drag from the left edge goes back and keeps the top page")
    func edgeDragCancels() throws {
        let nav = try NavFixture.navigator(home: "s", Self.pages)
        try NavFixture.play("open b", on: nav)
        try NavFixture.play("wait \(nav.now)s; drag 5,400 205,400 1s", on: nav)
        #expect(try Self.stack(nav).entries.map(\.id) == ["a", "b"])
        #expect(SceneText.panels(nav.scene()) == ["b"])
    }

    @Test("a drag from the left edge of a stack at its root is not a back swipe")
    func edgeDragAtRoot() throws {
        let nav = try NavFixture.navigator(home: "s", Self.pages)
        try NavFixture.play("drag 5,400 805,400 500ms", on: nav)
        #expect(try Self.stack(nav).entries.map(\.id) == ["a"])
        #expect(!nav.isAnimating)
    }

    @Test("open inside the stack pushes; open of a page already on it pops back to it")
    func openPushesAndPopsTo() throws {
        let nav = try NavFixture.navigator(home: "s", Self.pages)
        try NavFixture.play("open b; open c", on: nav)
        #expect(try Self.stack(nav).entries.map(\.id) == ["a", "b", "c"])
        try NavFixture.play("open a", on: nav)
        #expect(try Self.stack(nav).entries.map(\.id) == ["a"])
    }
}
