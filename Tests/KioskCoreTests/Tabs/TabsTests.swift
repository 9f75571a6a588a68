import Testing

@testable import KioskCore

@Suite("TabsContainer")
struct TabsTests {
    func makeTabs() -> (TabsContainer, LifecycleRecorder) {
        let tabs = TabsContainer(
            id: "tabs", pages: [PanelNode("t0"), PanelNode("t1"), PanelNode("t2")],
            defaultTransition: TransitionSpec(kind: .fade, duration: 0.5))
        let recorder = LifecycleRecorder()
        tabs.observer = recorder
        tabs.appear()
        recorder.clear()
        return (tabs, recorder)
    }

    @Test(
        "selecting a higher tab runs a push transition, a lower one a pop, and reports didSelect at the end"
    )
    func directions() throws {
        let (tabs, _) = makeTabs()
        var selected: [TabsEvent] = []
        tabs.eventHandler = { selected.append($0) }
        try tabs.select(2)
        #expect(
            tabs.transition
                == InFlightTransition(
                    from: "t0", to: "t2", spec: TransitionSpec(kind: .fade, duration: 0.5),
                    direction: .push, progress: 0))
        tabs.advance(to: 0.25)
        #expect(tabs.transition?.progress == 0.5)
        #expect(selected.isEmpty)
        tabs.advance(to: 0.5)
        #expect(selected == [.didSelect(2, "t2")])
        try tabs.select(1)
        #expect(tabs.transition?.direction == .pop)
    }

    @Test("only selected pages load, and they stay loaded")
    func lazyLoading() throws {
        let (tabs, recorder) = makeTabs()
        #expect(tabs.pages.map(\.isLoaded) == [true, false, false])
        try tabs.select(1, transition: nil)
        try tabs.select(0, transition: nil)
        #expect(tabs.pages.map(\.isLoaded) == [true, true, false])
        #expect(
            recorder.lines == [
                "t1 load", "t1 willAppear", "t0 willDisappear", "t1 didAppear", "t0 didDisappear",
                "t0 willAppear", "t1 willDisappear", "t0 didAppear", "t1 didDisappear"
            ])
    }
}
