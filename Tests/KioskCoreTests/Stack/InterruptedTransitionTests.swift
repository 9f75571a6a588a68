import Testing

@testable import KioskCore

/// A request that goes back to where a running transition comes from turns it around from the
/// picture on screen (UIKit, GtkStack, CLF's cross-fade) instead of jumping to its end first.
@Suite("Interrupted transitions")
struct InterruptedTransitionTests {
    @Test(
        "back during a push continues from the current picture and runs back over the time it had run"
    )
    func backDuringPush() throws {
        let (stack, recorder) = makeStack(transition: TransitionSpec(kind: .swipe, duration: 1))
        var shows: [StackEvent] = []
        stack.eventHandler = { shows.append($0) }
        try stack.push(PanelNode("a"))
        stack.advance(to: 0.3)
        // The stack draws its transition: a push from root to a, 0.3 of the way.
        let push = try #require(stack.transition)
        #expect(push.direction == .push && push.from == "root" && push.to == "a")
        #expect(push.progress == 0.3)
        #expect(stack.pop()?.id == "a")
        // Same picture: a pop at 0.7 draws the push at 0.3 (a is 0.3 of the way in).
        let t = try #require(stack.transition)
        #expect(t.direction == .pop && t.from == "a" && t.to == "root")
        #expect(abs(t.progress - 0.7) < 1e-9)
        #expect(abs((1 - t.progress) - 0.3) < 1e-9)
        stack.advance(to: 0.45)
        // a is 0.15 of the way in, on its way out.
        #expect(abs((1 - (stack.transition?.progress ?? 1)) - 0.15) < 1e-9)
        stack.advance(to: 0.6)
        #expect(stack.transition == nil)
        #expect(stack.entries.map(\.id) == ["root"])
        #expect(
            shows == [
                .willShow("a", animated: true), .willShow("root", animated: true),
                .didShow("root", animated: true)
            ])
        // Every willAppear/willDisappear is answered: a ends unloaded, root shown.
        #expect(recorder.lines.last == "a unload")
        #expect(
            recorder.lines.filter { $0.hasPrefix("root") } == [
                "root willDisappear", "root didDisappear", "root willAppear", "root didAppear"
            ])
    }

    @Test("pushing the page being popped again turns the pop around")
    func pushDuringPop() throws {
        let (stack, _) = makeStack(transition: TransitionSpec(kind: .swipe, duration: 1))
        let a = PanelNode("a")
        try stack.push(a)
        stack.advance(to: 2)
        stack.pop()
        stack.advance(to: 2.4)
        try stack.push(a, transition: TransitionSpec(kind: .swipe, duration: 1))
        let t = try #require(stack.transition)
        #expect(t.direction == .push && t.to == "a" && abs(t.progress - 0.6) < 1e-9)
        stack.advance(to: 3)
        #expect(stack.entries.map(\.id) == ["root", "a"])
        #expect(stack.transition == nil)
    }

    @Test("a pop with another transition than the running push still completes the push first")
    func otherTransitionDoesNotReverse() throws {
        let (stack, _) = makeStack(transition: TransitionSpec(kind: .swipe, duration: 1))
        try stack.push(PanelNode("a"))
        stack.advance(to: 0.3)
        stack.pop(transition: .none)
        #expect(stack.transition == nil)
        #expect(stack.entries.map(\.id) == ["root"])
    }

    @Test("tapping the tab a fade is leaving fades back from the current level")
    func tabsReverse() throws {
        let tabs = TabsContainer(
            id: "tabs", pages: [PanelNode("a"), PanelNode("b"), PanelNode("c")],
            defaultTransition: TransitionSpec(kind: .fade, duration: 0.5))
        tabs.appear()
        var events: [TabsEvent] = []
        tabs.eventHandler = { events.append($0) }
        try tabs.select(1)
        tabs.advance(to: 0.1)
        // The tabs draw their switch: a fade from a to b, 0.2 of the way.
        let forward = try #require(tabs.transition)
        #expect(forward.from == "a" && forward.to == "b" && abs(forward.progress - 0.2) < 1e-9)
        #expect(try tabs.select(0))
        let t = try #require(tabs.transition)
        #expect(t.from == "b" && t.to == "a" && abs(t.progress - 0.8) < 1e-9)
        // The same picture: b still 0.2 of the way in.
        #expect(abs((1 - t.progress) - 0.2) < 1e-9)
        tabs.advance(to: 0.2)
        #expect(tabs.transition == nil && tabs.selectedIndex == 0)
        #expect(events.count == 1)
    }
}
