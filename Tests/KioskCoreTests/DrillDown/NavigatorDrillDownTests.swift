import Testing

@testable import KioskCore

/// Taps, swipes and header chevrons on a drill-down, routed by the Navigator.
@Suite("Navigator drill-down")
struct NavigatorDrillDownTests {
    static let pages = [
        NavFixture.panel("a", opens: ["b", "c"]), NavFixture.panel("b", opens: ["c"]),
        NavFixture.panel("c", opens: ["d"]),
        NavFixture.panel("d"), NavFixture.panel("e"), NavFixture.panel("f"),
        NavFixture.drill("dd", root: "a")
    ]

    static func drill(_ nav: Navigator) throws -> DrillDownContainer {
        try #require(nav.root as? DrillDownContainer)
    }

    /// The drill-down at [a, b | c] (a tap on a's first row, then on b's first row).
    static func deep(_ pages: [PageDefinition] = pages, home: PageID = "dd") throws -> Navigator {
        let nav = try NavFixture.navigator(home: home, pages)
        // Rows sit at y = 64 (header) + 60·i; a's row 0 opens b, b's row 0 opens c.
        try NavFixture.play("tap 100,100; wait 500ms; tap 700,100", on: nav)
        return nav
    }

    @Test("a tap on the second row of the left page opens that row's page in the right column")
    func tapOpensRight() throws {
        let nav = try NavFixture.navigator(home: "dd", Self.pages)
        try NavFixture.play("tap 200,150", on: nav)
        #expect(nav.state.entries["dd"] == .drillDown(left: ["a"], right: "c"))
        #expect(SceneText.panels(nav.scene()) == ["a", "c"])
        #expect(nav.lastRefusal == nil)
    }

    @Test("a tap on the header or below the rows does nothing")
    func tapOutsideRows() throws {
        let nav = try NavFixture.navigator(home: "dd", Self.pages)
        try NavFixture.play("tap 200,30; tap 200,400", on: nav)
        #expect(nav.state.entries["dd"] == .drillDown(left: ["a"], right: nil))
    }

    @Test(
        "a tap on a row of the right page pushes: the right page moves left and the new one opens right"
    )
    func tapRightPushes() throws {
        let nav = try Self.deep()
        #expect(nav.state.entries["dd"] == .drillDown(left: ["a", "b"], right: "c"))
        let scene = nav.scene()
        #expect(SceneText.panels(scene) == ["b", "c"])
        #expect(
            SceneText.rect(try #require(SceneText.layer(scene, "b")))
                == Rect(x: 0, y: 64, width: 420, height: 736))
    }

    @Test("a second left-column tap replaces the right page, fading")
    func tapLeftReplaces() throws {
        let nav = try NavFixture.navigator(home: "dd", Self.pages)
        try NavFixture.play(
            "tap 100,100; wait 500ms; tap 100,150", on: nav, until: 0.55 + 0.05 + 0.165)
        // Half-way through SGB's 0.33 s ease-in-out fade, both right pages show at half opacity.
        let scene = nav.scene()
        #expect(SceneText.panels(scene) == ["a", "b", "c"])
        let b = try #require(SceneText.layer(scene, "b"))
        let c = try #require(SceneText.layer(scene, "c"))
        #expect(abs(b.opacity - 0.5) < 1e-9 && abs(c.opacity - 0.5) < 1e-9)
        nav.advance(to: 2)
        #expect(nav.state.entries["dd"] == .drillDown(left: ["a"], right: "c"))
    }

    @Test(
        "a swipe from the left edge pops one step; half-way the columns are between their rest frames"
    )
    func leftEdgeSwipe() throws {
        let nav = try Self.deep()
        let t0 = nav.now
        let script = "wait \(t0)s; drag 5,400 405,400 400ms"
        // At 0.2 s into the drag the finger is at x = 205: 200 of 420 px.
        try NavFixture.play(script, on: nav, until: t0 + 0.2)
        let drill = try Self.drill(nav)
        #expect(drill.isSwiping)
        let fraction = 200.0 / 420
        // Track 2 (page b) runs from the left column to the right one.
        let b = try #require(drill.columns.first { $0.content == .page("b") })
        #expect(abs(b.x - 421 * fraction) < 1e-9)
        #expect(abs(b.width - (420 + (859 - 420) * fraction)) < 1e-9)
        try NavFixture.resume(script, on: nav, after: t0 + 0.2)
        #expect(nav.state.entries["dd"] == .drillDown(left: ["a"], right: "b"))
        #expect(SceneText.panels(nav.scene()) == ["a", "b"])
    }

    @Test(
        "a down for the same finger id while a swipe runs (its up was lost) cancels the swipe; the new drag then works"
    )
    func lostUpDuringSwipe() throws {
        let nav = try Self.deep()
        let t0 = nav.now
        let script = "wait \(t0)s; drag 5,400 405,400 400ms"
        try NavFixture.play(script, on: nav, until: t0 + 0.2)
        // Replaying from the start sends a second down for finger 0 while it is still down.
        try NavFixture.play(script, on: nav)
        #expect(!nav.isAnimating)
        #expect(try Self.drill(nav).isSwiping == false)
        #expect(SceneText.panels(nav.scene()).count == 2)
    }

    @Test("a short slow swipe from the left edge goes back to where it was")
    func leftEdgeSwipeCancels() throws {
        let nav = try Self.deep()
        try NavFixture.play("wait \(nav.now)s; drag 5,400 105,400 1s; wait 1s", on: nav)
        #expect(nav.state.entries["dd"] == .drillDown(left: ["a", "b"], right: "c"))
        #expect(SceneText.panels(nav.scene()) == ["b", "c"])
    }

    @Test("the back chevron in the left header pops; the rest of the header does nothing")
    func headerBackChevron() throws {
        let nav = try Self.deep()
        try NavFixture.play("wait \(nav.now)s; tap 200,30; wait 1s", on: nav)
        #expect(nav.state.entries["dd"] == .drillDown(left: ["a", "b"], right: "c"))
        try NavFixture.play("wait \(nav.now)s; tap 30,30; wait 1s", on: nav)
        #expect(nav.state.entries["dd"] == .drillDown(left: ["a"], right: "b"))
        // With a single left page the chevron is gone: a tap there does nothing.
        try NavFixture.play("wait \(nav.now)s; tap 30,30; wait 1s", on: nav)
        #expect(nav.state.entries["dd"] == .drillDown(left: ["a"], right: "b"))
    }

    @Test(
        "a stack in the right column pushes inside the column and is swiped back from the column's left edge"
    )
    func stackInRightColumn() throws {
        let spec = TransitionSpec(kind: .swipe, duration: 0.4)
        let pages = [
            NavFixture.panel("a", opens: ["s"]), NavFixture.panel("b", opens: ["c"]),
            NavFixture.panel("c"),
            NavFixture.stack("s", root: "b", spec), NavFixture.drill("dd", root: "a")
        ]
        let nav = try NavFixture.navigator(home: "dd", pages)
        try NavFixture.play("tap 100,100", on: nav)
        #expect(nav.state.entries["dd"] == .drillDown(left: ["a"], right: "s"))
        let t0 = nav.now
        // b's first row, in the right column (page origin 421, 64); the push runs 0.05 … 0.45 s later.
        try NavFixture.play("wait \(t0)s; tap 700,94", on: nav, until: t0 + 0.25)
        #expect(nav.state.entries["s"] == .stack(["b", "c"]))
        let page = Size(width: 859, height: 736)
        let stack = try #require(NavigatorStackTests.childStack(nav))
        let progress = try #require(stack.transition?.progress)
        #expect(abs(progress - 0.5) < 1e-9)
        let frame = Transition(spec).frame(progress: progress, size: page, direction: .push)
        let scene = nav.scene()
        let column = Matrix4.translation(x: 421, y: 64)
        for (id, role) in [("b", TransitionRole.outgoing), ("c", .incoming)]
            as [(PageID, TransitionRole)]
        {
            let layer = try #require(SceneText.layer(scene, id))
            #expect(
                layer.transform.isClose(
                    to: frame.pose(role).transform.then(column), tolerance: 1e-9))
            #expect(layer.clip == Rect(x: 421, y: 0, width: 859, height: 800))
        }
        // Settled, a drag from the column's left edge pops the stack, not the drill-down.
        try NavFixture.resume("wait \(t0)s; tap 700,94", on: nav, after: t0 + 0.25)
        try NavFixture.play("wait \(nav.now)s; drag 425,400 1000,400 300ms", on: nav)
        #expect(nav.state.entries["s"] == .stack(["b"]))
        #expect(nav.state.entries["dd"] == .drillDown(left: ["a"], right: "s"))
    }

    @Test(
        "a folded drill-down (narrow panel) shows one page full width and swipes back the whole width"
    )
    func folded() throws {
        let nav = try NavFixture.navigator(
            home: "dd", Self.pages, viewport: Size(width: 800, height: 1280))
        try NavFixture.play("tap 100,100", on: nav)
        let scene = nav.scene()
        #expect(
            SceneText.contents(scene) == [
                "solid \(Theme.standard.background)", "panel b", "header Title b <Title a"
            ])
        #expect(SceneText.rect(scene.layers[1]) == Rect(x: 0, y: 64, width: 800, height: 1216))
        try NavFixture.play("wait \(nav.now)s; tap 30,30; wait 1s", on: nav)
        #expect(SceneText.panels(nav.scene()) == ["a"])
    }
}
