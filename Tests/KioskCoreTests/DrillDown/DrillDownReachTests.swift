import Testing

@testable import KioskCore

/// Issue 14: drill-down placeholders from the config, and its replace-by-push animation.
@Suite("Drill-down settings")
struct DrillDownReachTests {
    static func navigator(_ spec: DrillDownSpec) throws -> (Navigator, DrillDownContainer) {
        let pages =
            [
                NavFixture.panel("menu", opens: ["a", "b"]), NavFixture.panel("a"),
                NavFixture.panel("b"), NavFixture.panel("hint", opens: ["b"])
            ]
            + [PageDefinition(id: "dd", title: "dd", content: .drillDown(spec))]
        let nav = try NavFixture.navigator(home: "dd", pages)
        nav.panels = FakePanels(rows: NavFixture.targets(nav.configuration))
        return (nav, try #require(nav.root as? DrillDownContainer))
    }

    @Test(
        "an empty right column shows the placeholder page, titled in its column header; blank without one"
    )
    func placeholderPage() throws {
        let (nav, _) = try Self.navigator(DrillDownSpec(root: "menu", rightPlaceholder: "hint"))
        #expect(SceneText.panels(nav.scene()) == ["menu", "hint"])
        #expect(SceneText.contents(nav.scene()).contains("header Title hint"))
        nav.perform(.open("a"))
        nav.advance(to: 1)
        #expect(SceneText.panels(nav.scene()) == ["menu", "a"])
        let (plain, _) = try Self.navigator(DrillDownSpec(root: "menu"))
        #expect(SceneText.panels(plain.scene()) == ["menu"])
    }

    @Test(
        "an open row on the right placeholder fills the right column as the left page's own row would; back returns to the placeholder"
    )
    func placeholderOpens() throws {
        let (nav, drill) = try Self.navigator(DrillDownSpec(root: "menu", rightPlaceholder: "hint"))
        try NavFixture.play("tap 700,100", on: nav)
        #expect(drill.left.map(\.id) == ["menu"])
        #expect(drill.right?.id == "b")
        #expect(SceneText.panels(nav.scene()) == ["menu", "b"])
        nav.perform(.back)
        nav.advance(to: nav.now + 2)
        #expect(drill.right == nil)
        #expect(SceneText.panels(nav.scene()) == ["menu", "hint"])
        // Below the placeholder's rows, and on a blank right column, a tap opens nothing.
        try NavFixture.play("tap 700,700", on: nav)
        #expect(drill.right == nil)
        let (plain, plainDrill) = try Self.navigator(DrillDownSpec(root: "menu"))
        try NavFixture.play("tap 700,100", on: plain)
        #expect(plainDrill.right == nil)
    }

    @Test(
        "replace = push: a page opened from the left column slides in over the right one instead of fading"
    )
    func replaceByPush() throws {
        let (nav, drill) = try Self.navigator(DrillDownSpec(root: "menu", replaceAnimation: .push))
        nav.perform(.open("a"))
        nav.advance(to: 1)
        nav.perform(.open("b"), from: drill.left[0])
        nav.advance(to: 1.1)
        let incoming = try #require(drill.columns.first { $0.content == .page("b") })
        #expect(incoming.opacity == 1)
        #expect(incoming.x > 421)
    }
}
