import Testing

@testable import KioskCore

/// A zoom push grows out of the row that was tapped (or activated with Enter) and its pop
/// shrinks back into it, instead of a centred rectangle (issue 14).
@Suite("Zoom from the activated item")
struct ZoomFromItemTests {
    static let pages = [
        NavFixture.panel("home", opens: ["a", "b"]), NavFixture.panel("a"), NavFixture.panel("b"),
        NavFixture.stack("s", root: "home", TransitionSpec(kind: .zoom, duration: 1))
    ]

    /// The output box the corners of panel `id`'s layer are drawn at.
    static func box(_ nav: Navigator, _ id: PageID) throws -> Rect {
        let layer = try #require(SceneText.layer(nav.scene(), id))
        let a = try #require(layer.transform.project(.zero))
        let b = try #require(
            layer.transform.project(Point(x: layer.size.width, y: layer.size.height)))
        return Rect(x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y)
    }

    static func expectClose(
        _ r: Rect, _ e: Rect, tolerance: Double = 0.5,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (x, y) in [(r.minX, e.minX), (r.minY, e.minY), (r.width, e.width), (r.height, e.height)]
        {
            #expect(abs(x - y) <= tolerance, "\(r) vs \(e)", sourceLocation: sourceLocation)
        }
    }

    @Test("a tapped row's page starts as that row and grows to the stack")
    func tapGrowsFromRow() throws {
        let nav = try NavFixture.navigator(home: "s", Self.pages)
        try NavFixture.play("tap 640,90", on: nav, until: ActionScript.tapDuration)
        #expect(nav.activeNode.id == "b")
        Self.expectClose(try Self.box(nav, "b"), Rect(x: 0, y: 60, width: 1280, height: 60))
        nav.advance(to: ActionScript.tapDuration + 1)
        Self.expectClose(try Self.box(nav, "b"), Rect(x: 0, y: 0, width: 1280, height: 800))
    }

    @Test("its pop shrinks the page back into the row")
    func popShrinksIntoRow() throws {
        let nav = try NavFixture.navigator(home: "s", Self.pages)
        try NavFixture.play("tap 640,90", on: nav)
        #expect(nav.perform(.back))
        nav.advance(to: nav.now + 0.999)
        Self.expectClose(
            try Self.box(nav, "b"), Rect(x: 0, y: 60, width: 1280, height: 60), tolerance: 2)
    }

    @Test("Enter zooms from the focused row")
    func enterGrowsFromFocusedRow() throws {
        let nav = try NavFixture.navigator(home: "s", Self.pages)
        nav.handle(KeyEvent(key: .down, isPressed: true, time: 0))
        nav.handle(KeyEvent(key: .enter, isPressed: true, time: 0))
        #expect(nav.activeNode.id == "a")
        Self.expectClose(try Self.box(nav, "a"), Rect(x: 0, y: 0, width: 1280, height: 60))
    }

    @Test("a page opened by an action from elsewhere still grows from the centre")
    func actionFromElsewhere() throws {
        let nav = try NavFixture.navigator(home: "s", Self.pages)
        #expect(nav.open("a"))
        Self.expectClose(try Self.box(nav, "a"), Rect(x: 480, y: 300, width: 320, height: 200))
    }
}
