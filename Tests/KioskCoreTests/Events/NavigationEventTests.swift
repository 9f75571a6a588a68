import Testing

@testable import KioskCore

/// Issue 14: the containers' events reach one consumer, `Navigator.onEvent`, also from
/// containers built after the Navigator (pushed subtrees).
@Suite("Navigation events")
struct NavigationEventTests {
    static let leaves: [PageDefinition] = ["a", "b", "c", "d", "e", "f"].map {
        NavFixture.panel(PageID($0))
    }

    static func navigator(_ pages: [PageDefinition], home: PageID) throws -> (
        Navigator, Box<[String]>
    ) {
        let nav = try NavFixture.navigator(home: home, leaves + pages)
        let seen = Box<[String]>([])
        nav.onEvent = { seen.value.append($0.description) }
        return (nav, seen)
    }

    @Test(
        "a cube turned by next reports didScroll, the index change at half-way and the end of its animation"
    )
    func cubeEvents() throws {
        let (nav, seen) = try Self.navigator(
            [NavFixture.cube("cube", ["a", "b", "c"])], home: "cube")
        nav.perform(.nextFace)
        nav.advance(to: 0.2)
        nav.advance(to: 1)
        #expect(
            seen.value == [
                "cube cube didScroll", "cube cube currentIndexDidChange(1)", "cube cube didScroll",
                "cube cube didEndScrollingAnimation"
            ])
    }

    @Test("stack will/did show and tab selection arrive in order, from a stack inside tabs")
    func stackAndTabs() throws {
        let (nav, seen) = try Self.navigator(
            [NavFixture.tabs("tabs", ["s", "c"]), NavFixture.stack("s", root: "a")], home: "tabs")
        nav.perform(.open("b"))
        nav.advance(to: 1)
        nav.perform(.open("c"))
        nav.advance(to: 2)
        #expect(
            seen.value == [
                "stack s willShow b animated", "stack s didShow b animated",
                "tabs tabs didSelect 1 c"
            ])
    }

    @Test("a drill-down pushed after start reports push, replace and pop")
    func drillDownEvents() throws {
        let (nav, seen) = try Self.navigator(
            [NavFixture.stack("s", root: "a"), NavFixture.drill("dd", root: "c")], home: "s")
        nav.perform(.open("dd"))
        nav.advance(to: 1)
        seen.value.removeAll()
        nav.perform(.open("d"))
        nav.advance(to: 2)
        let drill = try #require(nav.activeNode.parent as? DrillDownContainer)
        nav.perform(.open("e"), from: drill.left[0])
        nav.advance(to: 3)
        nav.perform(.back)
        nav.advance(to: 4)
        #expect(
            seen.value == [
                "drilldown dd push d", "drilldown dd replaceRight e", "drilldown dd pop e"
            ])
    }
}
