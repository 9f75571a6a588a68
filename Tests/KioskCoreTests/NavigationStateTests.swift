import Testing

@testable import KioskCore

@Suite("NavigationState")
struct NavigationStateTests {
    func makeTree() -> (TabsContainer, TransitionStack, CubeContainer, DrillDownContainer) {
        let stack = TransitionStack(id: "main", root: PanelNode("home"))
        let cube = CubeContainer(
            id: "lobby", faces: [PanelNode("f0"), PanelNode("f1"), PanelNode("f2")])
        let drill = DrillDownContainer(id: "browse", root: PanelNode("shelf"))
        let tabs = TabsContainer(id: "tabs", pages: [stack, cube, drill])
        return (tabs, stack, cube, drill)
    }

    @Test("capture, text and restore bring a rebuilt tree back to the same places")
    func roundTrip() throws {
        let (tabs, stack, cube, drill) = makeTree()
        tabs.appear()
        try stack.push(PanelNode("detail"), transition: nil)
        cube.scroll(to: 2, animated: false)
        try drill.push(PanelNode("book"))
        try drill.push(PanelNode("page 7"))
        tabs.advance(to: 1)
        try tabs.select(2, transition: nil)
        let state = NavigationState(capturing: tabs)
        #expect(
            state.text == """
                kiosk-navigation 1
                drilldown browse shelf book | page%207
                cube lobby f2
                stack main home detail
                tabs tabs browse

                """)
        let decoded = try NavigationState(text: state.text)
        #expect(decoded == state)

        let (tabs2, stack2, cube2, drill2) = makeTree()
        tabs2.appear()
        let restored = decoded.restore(into: tabs2) { id in id == "gone" ? nil : PanelNode(id) }
        #expect(restored.sorted() == ["browse", "lobby", "main", "tabs"])
        #expect(tabs2.selectedIndex == 2)
        #expect(stack2.entries.map(\.id) == ["home", "detail"])
        #expect(cube2.currentIndex == 2)
        #expect(drill2.left.map(\.id) == ["shelf", "book"])
        #expect(drill2.right?.id == "page 7")
        #expect(drill2.right?.appearance == .appeared)
    }

    @Test("restore drops unknown pages and ignores entries that do not fit the tree")
    func restoreValidates() {
        let (tabs, stack, cube, drill) = makeTree()
        let state = NavigationState(entries: [
            "main": .stack(["home", "gone", "kept"]),
            "lobby": .cube(face: "f9"),
            "browse": .drillDown(left: ["other root", "x"], right: nil),
            "nowhere": .tabs(selected: "f1"),
            "tabs": .cube(face: "f1")
        ])
        state.restore(into: tabs) { id in id == "gone" ? nil : PanelNode(id) }
        #expect(stack.entries.map(\.id) == ["home", "kept"])
        #expect(cube.currentIndex == 0)
        #expect(drill.left.map(\.id) == ["shelf"])
        #expect(tabs.selectedIndex == 0)
    }

    @Test("two stacks saved as pushed on each other are restored once each, not without end")
    func restoreCycle() {
        let makeNode = { (id: PageID) -> NavigationNode? in
            switch id {
            case "a": TransitionStack(id: "a", root: PanelNode("pa"))
            case "b": TransitionStack(id: "b", root: PanelNode("pb"))
            default: PanelNode(id)
            }
        }
        let state = NavigationState(entries: ["a": .stack(["pa", "b"]), "b": .stack(["pb", "a"])])
        let outer = TransitionStack(id: "a", root: PanelNode("pa"))
        let restored = state.restore(into: outer, makeNode: makeNode)
        #expect(restored == ["a", "b"])
        let b = outer.entries.last as? TransitionStack
        #expect(outer.entries.map(\.id) == ["pa", "b"])
        #expect(b?.entries.map(\.id) == ["pb", "a"])
        // The inner `a` is on the path already: left as built, its root only.
        #expect((b?.entries.last as? TransitionStack)?.entries.map(\.id) == ["pa"])
    }

    @Test("malformed text is refused with its line number; unknown kinds and comments are skipped")
    func parsing() throws {
        #expect(throws: NavigationStateError.missingHeader) {
            try NavigationState(text: "cube a 1\n")
        }
        #expect(throws: NavigationStateError.malformedLine(3, "cube lobby x y")) {
            try NavigationState(text: "kiosk-navigation 1\n# comment\ncube lobby x y\n")
        }
        #expect(throws: NavigationStateError.malformedLine(2, "drilldown d a | b c")) {
            try NavigationState(text: "kiosk-navigation 1\ndrilldown d a | b c\n")
        }
        let state = try NavigationState(
            text: "kiosk-navigation 1\nfuture thing 3\ndrilldown d a%7Cb\n")
        #expect(state.entries == ["d": .drillDown(left: ["a|b"], right: nil)])
    }
}
