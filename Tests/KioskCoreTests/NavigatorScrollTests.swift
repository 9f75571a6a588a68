import Testing

@testable import KioskCore

/// Panels taller than their frame scroll with a vertical drag (issue 3), on a manual clock.
/// The list has 20 rows of 60 px: 1200 px of content in an 800-px viewport, 400 px to scroll.
@Suite("Navigator scroll")
struct NavigatorScrollTests {
    static let rows: [PageID] = (0..<20).map { PageID("r\($0)") }

    static func pages(home: [PageDefinition] = []) -> [PageDefinition] {
        [
            NavFixture.panel("list", opens: rows),
            NavFixture.panel("short", opens: Array(rows.prefix(5))),
            NavFixture.panel("b"), NavFixture.stack("s", root: "list"),
            NavFixture.cube("cube", ["list", "b"])
        ]
            + rows.map { NavFixture.panel($0) } + home
    }

    /// A navigator whose content heights are the fake layout's rows (60 px each).
    static func navigator(home: PageID, scale: Double = 1) throws -> Navigator {
        let nav = try NavFixture.navigator(home: home, pages(), scale: scale)
        let targets = NavFixture.targets(nav.configuration)
        nav.panels = FakePanels(rows: targets) { id, size in
            max(size.height, Double(targets(id, size).count) * NavFixture.rowHeight)
        }
        return nav
    }

    static func panel(_ nav: Navigator, _ id: PageID = "list") throws -> PanelNode {
        var found: PanelNode?
        func visit(_ node: NavigationNode) {
            if let p = node as? PanelNode, p.id == id { found = p }
            (node as? ContainerNode)?.allPlacements().forEach { visit($0.node) }
        }
        visit(nav.root)
        return try #require(found)
    }

    /// Touches down at `from`, moves to `to` in 30 steps over 0.25 s, holds still for 0.2 s
    /// (so the release has no velocity) unless `lift` is false; returns the time reached.
    @discardableResult
    static func drag(
        _ nav: Navigator, from: Point, to: Point, at start: Double = 0, hold: Bool = true,
        lift: Bool = true
    ) -> Double {
        var t = start
        nav.advance(to: t)
        nav.handle(.down(id: 0, position: from, time: t))
        for i in 1...30 {
            t = start + 0.25 * Double(i) / 30
            let f = Double(i) / 30
            nav.advance(to: t)
            nav.handle(
                .motion(
                    id: 0,
                    position: Point(
                        x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f), time: t))
        }
        if hold {
            for _ in 0..<12 {
                t += 1.0 / 60
                nav.advance(to: t)
                nav.handle(.motion(id: 0, position: to, time: t))
            }
        }
        if lift { nav.handle(.up(id: 0, time: t)) }
        return t
    }

    static func settle(_ nav: Navigator, from t: Double) -> Double {
        var t = t
        while nav.isAnimating && t < 30 {
            t += 1.0 / 60
            nav.advance(to: t)
        }
        return t
    }

    @Test("a 300-px upward drag on a 20-row list scrolls it exactly 300 px and it stays there")
    func dragScrolls() throws {
        let nav = try Self.navigator(home: "s")
        let list = try Self.panel(nav)
        #expect(list.scroll.limit == 400)
        let t = Self.drag(nav, from: Point(x: 640, y: 600), to: Point(x: 640, y: 300))
        #expect(list.scroll.offset == 300)
        #expect(!nav.isAnimating)
        _ = Self.settle(nav, from: t + 1)
        #expect(list.scroll.offset == 300)
    }

    @Test(
        "past the bottom the list rubber-bands (200 px over gives 96.7 px) and springs back to 400 on release"
    )
    func rubberBandBottom() throws {
        let nav = try Self.navigator(home: "s")
        let list = try Self.panel(nav)
        let t = Self.drag(nav, from: Point(x: 640, y: 700), to: Point(x: 640, y: 100), lift: false)
        // 600 px of drag: 400 to the end, 200 beyond: (1 − 1/(200·0.55/800 + 1))·800.
        let expected = 400 + (1 - 1 / (200 * 0.55 / 800 + 1)) * 800
        #expect(abs(list.scroll.offset - expected) < 1e-9)
        nav.handle(.up(id: 0, time: t))
        #expect(nav.isAnimating)
        nav.advance(to: t + ScrollState.springDuration / 2)
        #expect(list.scroll.offset > 400 && list.scroll.offset < expected)
        nav.advance(to: t + ScrollState.springDuration)
        #expect(list.scroll.offset == 400)
        #expect(!nav.isAnimating)
    }

    @Test("pulled down at the top the list rubber-bands above 0 and springs back to 0")
    func rubberBandTop() throws {
        let nav = try Self.navigator(home: "s")
        let list = try Self.panel(nav)
        let t = Self.drag(nav, from: Point(x: 640, y: 200), to: Point(x: 640, y: 400), lift: false)
        let expected = -(1 - 1 / (200 * 0.55 / 800 + 1)) * 800
        #expect(abs(list.scroll.offset - expected) < 1e-9)
        nav.handle(.up(id: 0, time: t))
        _ = Self.settle(nav, from: t)
        #expect(list.scroll.offset == 0)
    }

    @Test("a fast flick coasts on after release and comes to rest inside the bounds")
    func flickCoasts() throws {
        let nav = try Self.navigator(home: "s")
        let list = try Self.panel(nav)
        let t = Self.drag(nav, from: Point(x: 640, y: 600), to: Point(x: 640, y: 500), hold: false)
        #expect(list.scroll.offset == 100)
        #expect(nav.isAnimating)
        let end = Self.settle(nav, from: t)
        #expect(end <= t + ScrollState.coastDuration + 1.0 / 60 + 1e-9)
        // 400 px/s for 0.35 s: 140 px further, inside the 400-px range.
        #expect(list.scroll.offset > 200 && list.scroll.offset <= 400)
    }

    @Test(
        "a tap after scrolling 300 px opens the row under the finger in content coordinates (y 100 → row 6)"
    )
    func tapAfterScroll() throws {
        let nav = try Self.navigator(home: "s")
        let t = Self.drag(nav, from: Point(x: 640, y: 600), to: Point(x: 640, y: 300))
        try NavFixture.resume("wait \(t + 0.1)s; tap 640,100", on: nav, after: t)
        #expect(nav.state.entries["s"] == .stack(["list", "r6"]))
    }

    @Test("a finger touching down on a coasting list stops it, and that tap opens nothing")
    func catchStops() throws {
        let nav = try Self.navigator(home: "s")
        let list = try Self.panel(nav)
        let t = Self.drag(nav, from: Point(x: 640, y: 600), to: Point(x: 640, y: 500), hold: false)
        nav.advance(to: t + 0.1)
        let caught = list.scroll.offset
        #expect(caught > 100)
        nav.handle(.down(id: 0, position: Point(x: 640, y: 100), time: t + 0.1))
        nav.handle(.up(id: 0, time: t + 0.15))
        _ = Self.settle(nav, from: t + 0.15)
        #expect(list.scroll.offset == caught)
        #expect(nav.state.entries["s"] == .stack(["list"]))
    }

    @Test(
        "the hit test only describes: asking for the claimants over a coasting list leaves it coasting"
    )
    func hitTestIsPure() throws {
        let nav = try Self.navigator(home: "s")
        let list = try Self.panel(nav)
        let t = Self.drag(nav, from: Point(x: 640, y: 600), to: Point(x: 640, y: 500), hold: false)
        nav.advance(to: t + 0.1)
        #expect(
            nav.claimants(at: Point(x: 640, y: 100)).map(\.accepts) == [
                [.tap, .longPress, .verticalPan]
            ])
        #expect(list.scroll.isAnimating)
        nav.handle(.down(id: 0, position: Point(x: 640, y: 100), time: t + 0.1))
        #expect(!list.scroll.isAnimating)
    }

    @Test("a panel that fits claims taps only; a scrolling one claims vertical pans too")
    func claims() throws {
        let nav = try Self.navigator(home: "short")
        #expect(nav.claimants(at: Point(x: 640, y: 400)).map(\.accepts) == [[.tap, .longPress]])
        Self.drag(nav, from: Point(x: 640, y: 600), to: Point(x: 640, y: 300))
        #expect(try Self.panel(nav, "short").scroll.offset == 0)
        #expect(nav.scene().layers[0].contentSize == nil)
        let scrolling = try Self.navigator(home: "list")
        #expect(
            scrolling.claimants(at: Point(x: 640, y: 400)).map(\.accepts) == [
                [.tap, .longPress, .verticalPan]
            ])
    }

    @Test(
        "the scene's layer of a scrolled list is the frame, showing the 1280x1200 content from y 300"
    )
    func sceneWindow() throws {
        let nav = try Self.navigator(home: "s")
        #expect(nav.scene().layers[0].contentSize == Size(width: 1280, height: 1200))
        #expect(nav.scene().layers[0].contentOffset == .zero)
        Self.drag(nav, from: Point(x: 640, y: 600), to: Point(x: 640, y: 300))
        let layer = try #require(SceneText.layer(nav.scene(), "list"))
        #expect(layer.size == Size(width: 1280, height: 800))
        #expect(layer.contentSize == Size(width: 1280, height: 1200))
        #expect(layer.contentOffset == Point(x: 0, y: 300))
        #expect(layer.transform.isClose(to: .identity))
        #expect(layer.clip == nil)
    }

    @Test(
        "the scene rounds the offset to output pixels: 100.5 px at scale 1.5 (150.75 output px) is drawn from 151 output px"
    )
    func offsetRounded() throws {
        let nav = try Self.navigator(home: "list", scale: 1.5)
        let list = try Self.panel(nav)
        list.scroll.beginDrag()
        list.scroll.drag(translation: -100.5)
        #expect(nav.scene().layers[0].contentOffset.y == 151.0 / 1.5)
    }

    @Test("keyboard focus moving down past the frame scrolls the focused row into view")
    func focusReveals() throws {
        let nav = try Self.navigator(home: "s")
        let list = try Self.panel(nav)
        for i in 0..<15 { nav.handle(KeyEvent(key: .down, isPressed: true, time: Double(i) * 0.1)) }
        #expect(nav.focusedItem?.item == 14)
        // Row 14 ends at 900: 100 px below the 800-px frame.
        #expect(list.scroll.offset == 100)
        for i in 0..<14 {
            nav.handle(KeyEvent(key: .up, isPressed: true, time: 2 + Double(i) * 0.1))
        }
        #expect(nav.focusedItem?.item == 0)
        #expect(list.scroll.offset == 0)
    }

    @Test("a resize that makes the content fit clamps the offset to 0 and stops the vertical claim")
    func resizeClamps() throws {
        let nav = try Self.navigator(home: "list")
        Self.drag(nav, from: Point(x: 640, y: 600), to: Point(x: 640, y: 300))
        nav.resize(viewport: Size(width: 1280, height: 1300), scale: 1)
        let list = try Self.panel(nav)
        #expect(list.scroll.offset == 0)
        #expect(!list.scroll.isScrollable)
    }

    @Test(
        "in a drill-down's left column a list is measured at the column's 420-px width below the 64-px header"
    )
    func drillColumn() throws {
        let nav = try NavFixture.navigator(
            home: "d", Self.pages(home: [NavFixture.drill("d", root: "list")]))
        var asked: [Size] = []
        let targets = NavFixture.targets(nav.configuration)
        nav.panels = FakePanels(rows: targets) { id, size in
            if id == "list" { asked.append(size) }
            return Double(targets(id, size).count) * NavFixture.rowHeight
        }
        #expect(asked.last == Size(width: 420, height: 736))
        #expect(try Self.panel(nav).scroll.limit == 1200 - 736)
    }

    @Test("content heights are capped at four frame heights")
    func cap() throws {
        let nav = try Self.navigator(home: "list")
        nav.panels = FakePanels(rows: NavFixture.targets(nav.configuration)) { _, _ in 1_000_000 }
        #expect(try Self.panel(nav).scroll.limit == 3 * 800)
    }
}
