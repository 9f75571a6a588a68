import Testing

@testable import KioskCore

/// The keyboard focus drawn (issue 14): a ring layer over the focused row, shown only once a key
/// was used, following Up/Down/Tab/Enter/Left/Right, gone after a touch.
@Suite("Focus ring")
struct FocusRingTests {
    static let pages = [
        NavFixture.panel("home", opens: ["a", "b", "c"]), NavFixture.panel("a", opens: ["c"]),
        NavFixture.panel("b", opens: ["c"]), NavFixture.panel("c"),
        NavFixture.stack("s", root: "home")
    ]

    static func key(_ nav: Navigator, _ key: Key) {
        nav.handle(KeyEvent(key: key, isPressed: true, time: nav.now))
    }

    /// The ring's output rectangle, nil when the Scene has none.
    static func ring(_ nav: Navigator) -> Rect? {
        let rings = nav.scene().layers.filter { $0.content == .chrome(.focusRing) }
        #expect(rings.count <= 1)
        return rings.first.flatMap(SceneText.rect)
    }

    /// Row `index` of the fake layout grown by the ring's outset.
    static func ringAround(row index: Int, width: Double = 1280) -> Rect {
        let out = ChromeMetrics.focusRingOutset
        return Rect(
            x: -out, y: Double(index) * NavFixture.rowHeight - out, width: width + 2 * out,
            height: NavFixture.rowHeight + 2 * out)
    }

    @Test(
        "no ring until a key is used; Down rings the first row, Up and Down move it, Tab goes round"
    )
    func followsKeys() throws {
        let nav = try NavFixture.navigator(home: "s", Self.pages)
        #expect(Self.ring(nav) == nil)
        #expect(nav.focusedItem == nil)
        Self.key(nav, .down)
        #expect(Self.ring(nav) == Self.ringAround(row: 0))
        Self.key(nav, .down)
        #expect(Self.ring(nav) == Self.ringAround(row: 1))
        Self.key(nav, .up)
        #expect(Self.ring(nav) == Self.ringAround(row: 0))
        Self.key(nav, .tab)
        Self.key(nav, .tab)
        #expect(Self.ring(nav) == Self.ringAround(row: 2))
        Self.key(nav, .tab)
        #expect(Self.ring(nav) == Self.ringAround(row: 0))
        // The ring is drawn right above its page, in the page's own layer order.
        let contents = SceneText.contents(nav.scene())
        #expect(contents == ["panel home", "focus ring"])
    }

    @Test("a touch hides the ring; the next key shows it again")
    func touchHides() throws {
        let nav = try NavFixture.navigator(home: "s", Self.pages)
        Self.key(nav, .down)
        #expect(Self.ring(nav) != nil)
        nav.handle(.down(id: 0, position: Point(x: 640, y: 700), time: 1))
        nav.handle(.up(id: 0, time: 1.05))
        #expect(Self.ring(nav) == nil)
        #expect(nav.focusedItem == nil)
        #expect(!nav.showsFocus)
        Self.key(nav, .down)
        #expect(Self.ring(nav) == Self.ringAround(row: 0))
    }

    @Test("the first Enter shows the focus without acting; the next opens the ringed row")
    func enterFirstShows() throws {
        let nav = try NavFixture.navigator(home: "s", Self.pages)
        Self.key(nav, .enter)
        #expect(Self.ring(nav) == Self.ringAround(row: 0))
        #expect(nav.activeNode.id == "home")
        Self.key(nav, .enter)
        #expect(nav.activeNode.id == "a")
    }

    @Test(
        "Enter opens the ringed row's page with its first row ringed; back rings the row that opened it"
    )
    func enterAndBack() throws {
        let nav = try NavFixture.navigator(home: "s", Self.pages)
        Self.key(nav, .down)
        Self.key(nav, .down)
        Self.key(nav, .enter)
        #expect(nav.activeNode.id == "b")
        #expect(nav.focusedItem?.page == "b" && nav.focusedItem?.item == 0)
        nav.advance(to: 1)
        #expect(Self.ring(nav) == Self.ringAround(row: 0))
        Self.key(nav, .escape)
        nav.advance(to: 2)
        #expect(nav.activeNode.id == "home")
        #expect(Self.ring(nav) == Self.ringAround(row: 1))
    }

    @Test("while a push runs, the ring rides on the incoming page's layer")
    func ringRidesTransition() throws {
        let nav = try NavFixture.navigator(home: "s", Self.pages)
        Self.key(nav, .down)
        Self.key(nav, .enter)
        nav.advance(to: 0.2)
        let layers = nav.scene().layers
        let ring = try #require(layers.firstIndex { $0.content == .chrome(.focusRing) })
        #expect(ring > 0 && layers[ring - 1].content == .panel("a"))
        let out = ChromeMetrics.focusRingOutset
        let expected = Matrix4.translation(x: -out, y: -out).then(layers[ring - 1].transform)
        #expect(layers[ring].transform.isClose(to: expected, tolerance: 1e-6))
    }

    @Test("Right turns the cube and rings the new face's first row")
    func leftRight() throws {
        let nav = try NavFixture.navigator(
            home: "cube",
            [
                NavFixture.panel("f1", opens: ["c"]), NavFixture.panel("f2", opens: ["c", "f1"]),
                NavFixture.panel("c"),
                NavFixture.cube("cube", ["f1", "f2"])
            ])
        Self.key(nav, .down)
        Self.key(nav, .right)
        nav.advance(to: 2)
        #expect(nav.focusedItem?.page == "f2" && nav.focusedItem?.item == 0)
        #expect(Self.ring(nav) == Self.ringAround(row: 0))
    }

    @Test("a page without tappable items shows no ring")
    func noTargets() throws {
        let nav = try NavFixture.navigator(home: "c", [NavFixture.panel("c")])
        Self.key(nav, .down)
        #expect(Self.ring(nav) == nil)
    }
}
