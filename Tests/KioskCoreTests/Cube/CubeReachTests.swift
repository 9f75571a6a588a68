import Testing

@testable import KioskCore

/// Issue 14: a settling cube catches the finger, a vertical cube turns from a list's ends, the
/// prism's sides do not depend on `wrap`, and the cube's settings reach the config.
@Suite("Cube behaviours authors can reach")
struct CubeReachTests {
    static let faces: [PageID] = ["a", "b", "c", "d"]

    static func navigator(_ cube: PageDefinition, extra: [PageDefinition] = []) throws -> Navigator
    {
        let pages =
            faces.map { NavFixture.panel($0) } + [
                NavFixture.panel("list", opens: NavigatorScrollTests.rows)
            ]
            + NavigatorScrollTests.rows.map { NavFixture.panel($0) } + [cube] + extra
        let nav = try NavFixture.navigator(home: cube.id, pages)
        let targets = NavFixture.targets(nav.configuration)
        nav.panels = FakePanels(rows: targets) { id, size in
            max(size.height, Double(targets(id, size).count) * NavFixture.rowHeight)
        }
        return nav
    }

    @Test(
        "a finger landing on a settling cube stops it there; lifting it settles to the nearest face"
    )
    func catchOnTouchDown() throws {
        let nav = try Self.navigator(NavFixture.cube("cube", Self.faces))
        let cube = try #require(nav.root as? CubeContainer)
        #expect(nav.perform(.nextFace))
        nav.advance(to: 0.1)
        let caught = cube.position
        #expect(caught > 0.1 && caught < 0.5)
        nav.handle(.down(id: 0, position: Point(x: 640, y: 400), time: 0.1))
        nav.advance(to: 0.6)
        #expect(cube.position == caught)
        #expect(cube.isDragging)
        nav.handle(.up(id: 0, time: 0.6))
        _ = NavigatorScrollTests.settle(nav, from: 0.6)
        #expect(cube.position == 0)
        #expect(cube.currentIndex == 0)
    }

    @Test("a drag from a caught cube continues from where it stopped, 1:1 with the finger")
    func caughtThenDragged() throws {
        let nav = try Self.navigator(NavFixture.cube("cube", Self.faces))
        let cube = try #require(nav.root as? CubeContainer)
        nav.perform(.nextFace)
        nav.advance(to: 0.1)
        let caught = cube.position
        _ = NavigatorScrollTests.drag(
            nav, from: Point(x: 900, y: 400), to: Point(x: 644, y: 400), at: 0.1, lift: false)
        #expect(abs(cube.position - (caught + 256.0 / 1280)) < 1e-9)
    }

    @Test("a tap that catches a settling cube does not press the row under it")
    func catchingTapDoesNotActivate() throws {
        let opener = PageDefinition(
            id: "a", title: "a",
            content: .panel(
                Panel(widgets: [.list(ListWidget(rows: [ListRow(label: "b", action: .open("b"))]))])
            ))
        let pages =
            Self.faces.dropFirst().map { NavFixture.panel($0) } + [
                opener, NavFixture.cube("cube", Self.faces)
            ]
        let nav = try NavFixture.navigator(home: "cube", pages)
        nav.panels = FakePanels(rows: NavFixture.targets(nav.configuration))
        let cube = try #require(nav.root as? CubeContainer)
        nav.perform(.nextFace)
        nav.advance(to: 0.05)
        nav.handle(.down(id: 0, position: Point(x: 640, y: 30), time: 0.05))
        nav.handle(.up(id: 0, time: 0.1))
        _ = NavigatorScrollTests.settle(nav, from: 0.1)
        #expect(cube.currentIndex == 0)
        #expect(nav.activeNode.id == "a")
    }

    /// A vertical cube around the long "list" face, on it (face 1 of a, list, c).
    static func verticalCubeOnList() throws -> (Navigator, CubeContainer, PanelNode) {
        var spec = CubeSpec(faces: ["a", "list", "c"], orientation: .vertical)
        spec.start = "list"
        let nav = try navigator(PageDefinition(id: "cube", title: "cube", content: .cube(spec)))
        return (nav, try #require(nav.root as? CubeContainer), try NavigatorScrollTests.panel(nav))
    }

    @Test(
        "mid-list, a vertical swipe from the face's bottom or top edge strip turns the cube; the list stays"
    )
    func verticalCubeFromEdgeStrips() throws {
        let (nav, cube, list) = try Self.verticalCubeOnList()
        var t = NavigatorScrollTests.drag(
            nav, from: Point(x: 640, y: 700), to: Point(x: 640, y: 500))
        #expect(list.scroll.offset == 200)
        // Up from 10 px above the bottom edge (within the 24 px strip): the cube turns forward.
        t = NavigatorScrollTests.drag(
            nav, from: Point(x: 640, y: 790), to: Point(x: 640, y: 590), at: t + 1, lift: false)
        #expect(abs(cube.position - 1.25) < 1e-9)
        #expect(list.scroll.offset == 200)
        nav.handle(.up(id: 0, time: t))
        t = NavigatorScrollTests.settle(nav, from: t)
        #expect(cube.position == 1)
        // Down from the top strip: back towards face a.
        t = NavigatorScrollTests.drag(
            nav, from: Point(x: 640, y: 12), to: Point(x: 640, y: 212), at: t + 1, lift: false)
        #expect(abs(cube.position - 0.75) < 1e-9)
        #expect(list.scroll.offset == 200)
        // Just outside the strip the list has the swipe.
        nav.handle(.up(id: 0, time: t))
        t = NavigatorScrollTests.settle(nav, from: t)
        NavigatorScrollTests.drag(
            nav, from: Point(x: 640, y: 740), to: Point(x: 640, y: 640), at: t + 1)
        #expect(list.scroll.offset == 300)
        #expect(cube.position == 1)
    }

    @Test(
        "a list flicked towards its top turns the cube when pulled down again while it still coasts; pushed up, it scrolls"
    )
    func verticalCubeFromCoastingList() throws {
        let (nav, cube, list) = try Self.verticalCubeOnList()
        var t = NavigatorScrollTests.drag(
            nav, from: Point(x: 640, y: 700), to: Point(x: 640, y: 300))
        #expect(list.scroll.offset == 400)
        // A flick down (released moving): the list coasts to its top.
        t = NavigatorScrollTests.drag(
            nav, from: Point(x: 640, y: 300), to: Point(x: 640, y: 500), at: t + 1, hold: false)
        #expect(list.scroll.isAnimating)
        nav.advance(to: t + 0.1)
        let coasting = list.scroll.offset
        #expect(coasting > 0)
        // Pulled down again at once: the cube turns back; the list stays where the finger caught it.
        t = NavigatorScrollTests.drag(
            nav, from: Point(x: 640, y: 300), to: Point(x: 640, y: 500), at: t + 0.1, lift: false)
        #expect(abs(cube.position - 0.75) < 1e-9)
        #expect(list.scroll.offset == coasting)
        nav.handle(.up(id: 0, time: t))
        t = NavigatorScrollTests.settle(nav, from: t)
        #expect(cube.position == 1)
        // From its end again the same flick, then pushed up while it coasts: the list takes it
        // from where the finger caught it, the cube stays.
        t = NavigatorScrollTests.drag(
            nav, from: Point(x: 640, y: 700), to: Point(x: 640, y: 300), at: t + 1)
        t = NavigatorScrollTests.drag(
            nav, from: Point(x: 640, y: 300), to: Point(x: 640, y: 500), at: t + 1, hold: false)
        nav.advance(to: t + 0.1)
        let caught = list.scroll.offset
        NavigatorScrollTests.drag(
            nav, from: Point(x: 640, y: 500), to: Point(x: 640, y: 400), at: t + 0.1)
        #expect(abs(list.scroll.offset - (caught + 100)) < 1e-9)
        #expect(cube.position == 1)
    }

    @Test(
        "a vertical cube turns from a list pulled down at its top or up at its end; in between the list scrolls"
    )
    func verticalCubeFromScrollingFace() throws {
        var spec = CubeSpec(faces: ["a", "list", "c"], orientation: .vertical)
        spec.start = "list"
        let nav = try Self.navigator(
            PageDefinition(id: "cube", title: "cube", content: .cube(spec)))
        let cube = try #require(nav.root as? CubeContainer)
        let list = try NavigatorScrollTests.panel(nav)
        #expect(cube.currentIndex == 1)
        // At its top, pulled down: the cube turns back towards face a, the list stays.
        var t = NavigatorScrollTests.drag(
            nav, from: Point(x: 640, y: 200), to: Point(x: 640, y: 400), lift: false)
        #expect(abs(cube.position - 0.75) < 1e-9)
        #expect(list.scroll.offset == 0)
        nav.handle(.up(id: 0, time: t))
        t = NavigatorScrollTests.settle(nav, from: t)
        #expect(cube.position == 1)
        // Pushed up: the list scrolls to its end (400 px), the cube stays.
        t = NavigatorScrollTests.drag(
            nav, from: Point(x: 640, y: 700), to: Point(x: 640, y: 300), at: t + 1)
        #expect(list.scroll.offset == 400)
        #expect(cube.position == 1)
        // At its end, pushed up again: the cube turns forward towards face c.
        t = NavigatorScrollTests.drag(
            nav, from: Point(x: 640, y: 600), to: Point(x: 640, y: 400), at: t + 1, lift: false)
        #expect(abs(cube.position - 1.25) < 1e-9)
        #expect(list.scroll.offset == 400)
    }

    @Test(
        "without wrap two faces turn as a card: face 1 shows from half a turn, at 45° three quarters through"
    )
    func cardWithoutWrap() {
        let card = CubeContainer(
            id: "card", faces: [PanelNode("front"), PanelNode("back")], wraps: false)
        #expect(card.sides == 2)
        card.beginDrag()
        card.drag(translation: -750)
        #expect(card.visibleFaces.map(\.index) == [1])
        let faces = card.prismFaces(size: Size(width: 1000, height: 600))
        #expect(faces.map(\.index) == [1])
        #expect(abs((faces.first?.angle ?? 0) - pi / 4) < 1e-9)
    }

    @Test(
        "prism sides: `sides = 4` turns six unwrapped faces as a cube, slid along"
    )
    func configuredSides() {
        let six = (0..<6).map { PanelNode(PageID("f\($0)")) }
        let cube = CubeContainer(id: "cube", faces: six, wraps: false, index: 4)
        cube.prismSides = 4
        #expect(cube.sides == 4)
        cube.beginDrag()
        cube.drag(translation: -500)
        let faces = cube.prismFaces(size: Size(width: 1000, height: 600))
        #expect(faces.map(\.index).sorted() == [4, 5])
        #expect(faces.allSatisfy { abs(abs($0.angle) - pi / 4) < 1e-9 })
    }

    @Test(
        "`sides = 4` with wrap: six faces turn as a cube, on round the seam from the last face to the first and back"
    )
    func wrappingCubeOfSixFaces() {
        let wrapping = CubeContainer(
            id: "w", faces: (0..<6).map { PanelNode(PageID("w\($0)")) }, wraps: true, index: 5)
        wrapping.prismSides = 4
        wrapping.width = 1000
        #expect(wrapping.sides == 4)
        wrapping.beginDrag()
        wrapping.drag(translation: -500)
        let forward = wrapping.prismFaces(size: Size(width: 1000, height: 600))
        #expect(forward.map(\.index).sorted() == [0, 5])
        // A cube: the two faces meet at ±45°, not at a hexagon's ±30°.
        #expect(forward.allSatisfy { abs(abs($0.angle) - pi / 4) < 1e-9 })
        wrapping.endDrag(velocity: 0)
        wrapping.advance(to: 5)
        #expect(wrapping.currentIndex == 0 || wrapping.currentIndex == 5)
        let start = wrapping.currentIndex
        wrapping.beginDrag()
        wrapping.drag(translation: 250)
        let back = wrapping.prismFaces(size: Size(width: 1000, height: 600))
        #expect(Set(back.map(\.index)) == [start, (start + 5) % 6])
        #expect(back.allSatisfy { abs(abs($0.angle) - pi / 4) < pi / 4 + 1e-9 })
    }

    @Test("duration, perspective and the starting face come from the spec; home turns to the start")
    func configuredCube() throws {
        let spec = CubeSpec(faces: Self.faces, durationPerFace: 0.6, perspective: 2, start: "c")
        let nav = try Self.navigator(
            PageDefinition(id: "cube", title: "cube", content: .cube(spec)))
        let cube = try #require(nav.root as? CubeContainer)
        #expect(cube.currentIndex == 2)
        #expect(cube.perspective == 2)
        #expect(
            PrismGeometry(
                faceCount: 4, size: Size(width: 1000, height: 600), orientation: .horizontal,
                perspective: 2
            ).eyeDistance == 500)
        nav.perform(.nextFace)
        nav.advance(to: 0.3)
        #expect(abs(cube.position - 2.5) < 1e-6)
        nav.advance(to: 1)
        #expect(nav.perform(.home))
        nav.advance(to: 2)
        #expect(cube.currentIndex == 2)
    }

    @Test(
        "restore finds cube faces and tabs by page id: reordered faces keep showing the saved page")
    func restoreByPageID() throws {
        let first = try Self.navigator(
            NavFixture.tabs("tabs", ["cube", "d"]),
            extra: [NavFixture.cube("cube", ["a", "b", "c"])])
        #expect(first.perform(.open("c")))
        first.advance(to: 1)
        let saved = first.state
        let reordered = try Self.navigator(
            NavFixture.tabs("tabs", ["d", "cube"]),
            extra: [NavFixture.cube("cube", ["c", "a", "b"])])
        #expect(Set(reordered.restore(saved)) == ["tabs", "cube"])
        #expect(reordered.activeNode.id == "c")
        let tabs = try #require(reordered.root as? TabsContainer)
        #expect(tabs.selectedIndex == 1)
    }

    @Test("tabs start on the `start` tab and home selects it")
    func tabsStart() throws {
        let spec = TabsSpec(pages: ["a", "b", "c"], start: "b")
        let nav = try Self.navigator(
            PageDefinition(id: "tabs", title: "tabs", content: .tabs(spec)))
        #expect(nav.activeNode.id == "b")
        nav.perform(.open("c"))
        nav.advance(to: 1)
        #expect(nav.perform(.home))
        nav.advance(to: 2)
        #expect(nav.activeNode.id == "b")
    }
}
