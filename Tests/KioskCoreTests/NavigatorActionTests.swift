import Testing

@testable import KioskCore

/// Where open, back and home go, nested containers, resizing and saved state.
@Suite("Navigator actions")
struct NavigatorActionTests {
    static let leaves: [PageDefinition] = [
        NavFixture.panel("a", opens: ["b"]), NavFixture.panel("b", opens: ["c"]),
        NavFixture.panel("c"),
        NavFixture.panel("d"), NavFixture.panel("e"), NavFixture.panel("f", opens: ["h"]),
        NavFixture.panel("g"),
        NavFixture.panel("h", opens: ["i"]), NavFixture.panel("i")
    ]

    /// tabs [cube [stack(a), d, e], dd(f), g]: a stack inside a cube face inside a tabs page.
    static let nested: [PageDefinition] =
        leaves + [
            NavFixture.tabs("tabs", ["cube", "dd", "g"]), NavFixture.cube("cube", ["s", "d", "e"]),
            NavFixture.stack("s", root: "a"), NavFixture.drill("dd", root: "f")
        ]

    static let initial = NavigationState(entries: [
        "tabs": .tabs(selected: "cube"), "cube": .cube(face: "s"), "s": .stack(["a"]),
        "dd": .drillDown(left: ["f"], right: nil)
    ])

    @Test("open of a tab's id selects that tab")
    func openTab() throws {
        let nav = try NavFixture.navigator(
            home: "tabs", Self.leaves + [NavFixture.tabs("tabs", ["a", "b", "c"])])
        #expect(nav.perform(.open("c")))
        nav.advance(to: 1)
        #expect(nav.state.entries["tabs"] == .tabs(selected: "c"))
    }

    @Test(
        "open from a page in a stack on a cube face pushes on that stack, not on anything outside")
    func openInsideNested() throws {
        let nav = try NavFixture.navigator(home: "tabs", Self.nested)
        #expect(nav.perform(.open("b")))
        nav.advance(to: 1)
        #expect(nav.state.entries["s"] == .stack(["a", "b"]))
        #expect(nav.state.entries["cube"] == .cube(face: "s"))
        #expect(nav.activeNode.id == "b")
    }

    @Test("open of an unknown page is refused, with a reason, and nothing changes")
    func openUnknown() throws {
        let nav = try NavFixture.navigator(home: "tabs", Self.nested)
        let before = nav.scene()
        #expect(nav.perform(.open("nowhere")) == false)
        #expect(nav.lastRefusal == "open nowhere: no such page")
        #expect(nav.state == Self.initial)
        #expect(nav.scene() == before)
    }

    @Test(
        "open of a page no container around the current page can show is refused and nothing changes"
    )
    func openWithoutContainer() throws {
        let nav = try NavFixture.navigator(home: "a", Self.leaves)
        let before = nav.scene()
        #expect(nav.perform(.open("b")) == false)
        #expect(
            nav.lastRefusal
                == "open b: no drill-down, stack, cube or tabs around page \"a\" can show it")
        #expect(nav.scene() == before)
        #expect(!nav.isAnimating)
        // A later successful action clears the refusal.
        let nav2 = try NavFixture.navigator(home: "tabs", Self.nested)
        nav2.perform(.open("nowhere"))
        #expect(nav2.perform(.open("b")))
        #expect(nav2.lastRefusal == nil)
    }

    @Test(
        "open of a page whose subtree holds a container around the current page is refused: no container inside itself"
    )
    func openEnclosingContainer() throws {
        let nav = try NavFixture.navigator(home: "tabs", Self.nested)
        let before = nav.scene()
        #expect(nav.perform(.open("tabs")) == false)
        #expect(
            nav.lastRefusal
                == "open tabs: it holds page \"tabs\", which is already shown around page \"a\"")
        #expect(nav.state == Self.initial)
        #expect(nav.scene() == before)
    }

    @Test(
        "open from a stack page of a face of the cube around the stack turns the cube, pushing nothing"
    )
    func openSiblingFace() throws {
        let nav = try NavFixture.navigator(home: "tabs", Self.nested)
        try NavFixture.play("open d", on: nav)
        #expect(nav.state.entries["cube"] == .cube(face: "d"))
        #expect(nav.state.entries["s"] == .stack(["a"]))
        #expect(nav.activeNode.id == "d")
    }

    @Test("back pops the innermost stack; with nothing to pop it is refused")
    func back() throws {
        let nav = try NavFixture.navigator(home: "tabs", Self.nested)
        #expect(nav.perform(.back) == false)
        #expect(nav.lastRefusal == "back: nothing to do from page \"a\"")
        try NavFixture.play("open b; open c; back", on: nav)
        #expect(nav.state.entries["s"] == .stack(["a", "b"]))
    }

    @Test(
        "home unwinds a stack inside a cube face inside a tabs page, and the drill-down of another tab"
    )
    func homeNested() throws {
        let nav = try NavFixture.navigator(home: "tabs", Self.nested)
        try NavFixture.play(
            "open b; open c; next; wait 1s; open dd; wait 1s; open h; wait 1s; open i", on: nav)
        #expect(
            nav.state
                == NavigationState(entries: [
                    "tabs": .tabs(selected: "dd"), "cube": .cube(face: "d"),
                    "s": .stack(["a", "b", "c"]),
                    "dd": .drillDown(left: ["f", "h"], right: "i")
                ]))
        #expect(nav.perform(.home))
        #expect(nav.isAnimating)
        try NavFixture.play("wait \(nav.now)s", on: nav)
        #expect(nav.state == Self.initial)
        #expect(nav.activeNode.id == "a")
        #expect(SceneText.panels(nav.scene()) == ["a"])
        #expect(nav.perform(.home) == false)
    }

    @Test("resize keeps the navigation: a drill-down folds to one column and unfolds again")
    func resize() throws {
        let nav = try NavFixture.navigator(
            home: "dd", Self.leaves + [NavFixture.drill("dd", root: "a")])
        try NavFixture.play("open b", on: nav)
        nav.resize(viewport: Size(width: 800, height: 1280), scale: 2)
        let folded = nav.scene()
        #expect(folded.outputSize == Size(width: 1600, height: 2560))
        #expect(SceneText.panels(folded) == ["b"])
        #expect(
            SceneText.rect(try #require(SceneText.layer(folded, "b")))
                == Rect(x: 0, y: 128, width: 1600, height: 2432))
        nav.resize(viewport: Size(width: 1280, height: 800), scale: 1)
        #expect(nav.state.entries["dd"] == .drillDown(left: ["a"], right: "b"))
        #expect(
            SceneText.rect(try #require(SceneText.layer(nav.scene(), "b")))
                == Rect(x: 421, y: 64, width: 859, height: 736))
    }

    @Test("a touch cancel from the compositor mid-swipe sends the drill-down back to where it was")
    func cancelMidSwipe() throws {
        let nav = try NavFixture.navigator(
            home: "dd", Self.leaves + [NavFixture.drill("dd", root: "a")])
        try NavFixture.play("open b; wait 1s; open c; wait 1s", on: nav)
        #expect(nav.state.entries["dd"] == .drillDown(left: ["a", "b"], right: "c"))
        try NavFixture.play(
            "wait \(nav.now)s; drag 5,400 305,400 300ms", on: nav, until: nav.now + 0.2)
        nav.handle(.cancel(time: nav.now))
        nav.advance(to: nav.now + 1)
        #expect(!nav.isAnimating)
        #expect(nav.state.entries["dd"] == .drillDown(left: ["a", "b"], right: "c"))
    }

    @Test("state captured from one navigator and restored into a new one gives the same scene")
    func stateRestore() throws {
        let nav = try NavFixture.navigator(home: "tabs", Self.nested)
        try NavFixture.play("open b; open c; next; wait 1s; next", on: nav)
        let saved = nav.state
        #expect(saved.entries["cube"] == .cube(face: "e"))
        let fresh = try NavFixture.navigator(home: "tabs", Self.nested)
        #expect(fresh.scene() != nav.scene())
        let restored = fresh.restore(saved)
        #expect(Set(restored) == ["tabs", "cube", "s", "dd"])
        #expect(!fresh.isAnimating)
        #expect(fresh.state == saved)
        #expect(fresh.scene() == nav.scene())
        // The stack on face 0 comes back with its pages.
        try NavFixture.play("next", on: fresh)
        #expect(fresh.activeNode.id == "c")
        #expect(fresh.state.entries["s"] == .stack(["a", "b", "c"]))
    }
}
