import Testing

@testable import KioskCore

@Suite("Appearance forwarding")
struct LifecycleTests {
    /// tabs [stack(s0), panel p1], not yet shown.
    func makeTree() -> (TabsContainer, TransitionStack, LifecycleRecorder) {
        let stack = TransitionStack(
            id: "stack", root: PanelNode("s0"), defaultTransition: TransitionSpec(duration: 1))
        let tabs = TabsContainer(
            id: "tabs", pages: [stack, PanelNode("p1")],
            defaultTransition: TransitionSpec(kind: .fade, duration: 0.5))
        let recorder = LifecycleRecorder()
        tabs.observer = recorder
        return (tabs, stack, recorder)
    }

    @Test(
        "a container's appearance reaches its current child, container first, only selected pages load"
    )
    func nestedAppear() {
        let (tabs, _, recorder) = makeTree()
        tabs.beginAppearance(true, animated: true)
        #expect(
            recorder.lines == [
                "tabs load", "stack load", "s0 load", "tabs willAppear", "stack willAppear",
                "s0 willAppear"
            ])
        recorder.clear()
        tabs.endAppearance()
        #expect(recorder.lines == ["tabs didAppear", "stack didAppear", "s0 didAppear"])
        #expect(recorder.events.allSatisfy { $0.animated })
    }

    @Test("switching tabs runs the nested stack's disappearance after the tab page's own")
    func tabSwitch() throws {
        let (tabs, stack, recorder) = makeTree()
        tabs.appear()
        recorder.clear()
        var selected: [TabsEvent] = []
        tabs.eventHandler = { selected.append($0) }
        #expect(try tabs.select(1) == true)
        #expect(tabs.transition?.direction == .push)
        #expect(
            recorder.lines == [
                "p1 load", "p1 willAppear", "stack willDisappear", "s0 willDisappear"
            ])
        recorder.clear()
        tabs.advance(to: 0.5)
        #expect(recorder.lines == ["p1 didAppear", "stack didDisappear", "s0 didDisappear"])
        #expect(selected == [.didSelect(1, "p1")])
        #expect(stack.isLoaded)
    }

    @Test("a refused or repeated selection does nothing")
    func shouldSelect() throws {
        let (tabs, _, recorder) = makeTree()
        tabs.appear()
        recorder.clear()
        tabs.shouldSelect = { $0 != 1 }
        #expect(try tabs.select(1) == false)
        #expect(try tabs.select(0) == false)
        #expect(recorder.events.isEmpty)
        #expect(throws: NavigationError.indexOutOfRange(5, count: 2, container: "tabs")) {
            try tabs.select(5)
        }
    }

    @Test(
        "a container hidden mid-transition finishes it and hides the new child (CLF deferred disappear)"
    )
    func hiddenMidTransition() throws {
        let (stack, recorder) = makeStack()
        try stack.push(PanelNode("b"))
        stack.advance(to: 0.2)
        recorder.clear()
        stack.beginAppearance(false, animated: true)
        #expect(recorder.lines == ["stack willDisappear"])
        recorder.clear()
        stack.endAppearance()
        #expect(
            recorder.lines == [
                "stack didDisappear", "b didAppear", "root didDisappear", "b willDisappear",
                "b didDisappear"
            ])
        #expect(stack.transition == nil)
    }

    @Test(
        "a container that re-appears before its transition ends lets the transition supply the child's events"
    )
    func reappearMidTransition() throws {
        let (stack, recorder) = makeStack()
        try stack.push(PanelNode("b"))
        stack.advance(to: 0.1)
        recorder.clear()
        stack.beginAppearance(false, animated: true)
        stack.beginAppearance(true, animated: true)
        #expect(recorder.lines == ["stack willDisappear", "stack didDisappear", "stack willAppear"])
        recorder.clear()
        stack.endAppearance()
        stack.advance(to: 0.5)
        #expect(recorder.lines == ["stack didAppear", "b didAppear", "root didDisappear"])
    }

    @Test(
        "reversing a running switch turns it around where it is; each page's appearance is answered first (CLF §3.4)"
    )
    func reverseMidTransition() throws {
        let (tabs, _, recorder) = makeTree()
        tabs.appear()
        try tabs.select(1)
        tabs.advance(to: 0.1)
        recorder.clear()
        try tabs.select(0)
        #expect(
            recorder.lines == [
                "stack didDisappear", "s0 didDisappear", "p1 didAppear",
                "stack willAppear", "s0 willAppear", "p1 willDisappear"
            ])
        #expect(tabs.transition?.direction == .pop)
        #expect(abs((tabs.transition?.progress ?? 0) - 0.8) < 1e-9)
    }

    @Test("a hidden container changes without animation and without appearance events")
    func hiddenChanges() throws {
        let (tabs, stack, recorder) = makeTree()
        tabs.appear()
        try tabs.select(1, transition: nil)
        recorder.clear()
        try stack.push(PanelNode("deep"))
        #expect(stack.transition == nil)
        #expect(recorder.lines == ["deep load"])
    }

    @Test("did-events repeat the animated flag of their will-events")
    func animatedFlags() throws {
        let (stack, recorder) = makeStack()
        try stack.push(PanelNode("b"), transition: nil)
        #expect(recorder.events.filter { $0.kind != .load }.allSatisfy { !$0.animated })
        recorder.clear()
        stack.pop(transition: .custom(TransitionSpec(duration: 1)))
        stack.advance(to: 2)
        #expect(recorder.events.filter { $0.kind != .unload }.allSatisfy { $0.animated })
    }
}

@Suite("Container tree")
struct ContainerTreeTests {
    @Test("visible children list the arriving page before the leaving one and omit hidden pages")
    func visibleChildren() throws {
        let (stack, _) = makeStack()
        try stack.push(PanelNode("a"), transition: nil)
        #expect(stack.visibleChildren.map(\.id) == ["a"])
        #expect(stack.canGoBack)
        try stack.push(PanelNode("b"))
        #expect(stack.visibleChildren.map(\.id) == ["b", "a"])
        #expect(stack.children.map(\.id) == ["b", "a", "root"])
        #expect(stack.entries[1].ancestors.map(\.id) == ["stack"])
    }
}
