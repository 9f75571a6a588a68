import Testing

@testable import KioskCore

/// A stack on screen with a recorder, at time 0.
func makeStack(
    _ root: PageID = "root",
    transition: TransitionSpec? = TransitionSpec(kind: .swipe, duration: 0.5)
)
    -> (TransitionStack, LifecycleRecorder)
{
    let stack = TransitionStack(id: "stack", root: PanelNode(root), defaultTransition: transition)
    let recorder = LifecycleRecorder()
    stack.observer = recorder
    stack.appear()
    recorder.clear()
    return (stack, recorder)
}

@Suite("TransitionStack")
struct StackTests {
    @Test("an appearing stack loads and shows its root after itself")
    func appearOrder() {
        let stack = TransitionStack(id: "stack", root: PanelNode("root"))
        let recorder = LifecycleRecorder()
        stack.observer = recorder
        stack.beginAppearance(true, animated: true)
        stack.endAppearance()
        #expect(
            recorder.lines == [
                "stack load", "root load", "stack willAppear", "root willAppear", "stack didAppear",
                "root didAppear"
            ])
        #expect(recorder.events.allSatisfy { $0.kind == .load || $0.animated })
    }

    @Test(
        "push sends to-willAppear, from-willDisappear, then at the end to-didAppear, from-didDisappear"
    )
    func pushOrder() throws {
        let (stack, recorder) = makeStack()
        var shows: [StackEvent] = []
        stack.eventHandler = { shows.append($0) }
        try stack.push(PanelNode("a"))
        #expect(recorder.lines == ["a load", "a willAppear", "root willDisappear"])
        #expect(
            stack.transition
                == InFlightTransition(
                    from: "root", to: "a", spec: TransitionSpec(kind: .swipe, duration: 0.5),
                    direction: .push, progress: 0))
        stack.advance(to: 0.25)
        #expect(stack.transition?.progress == 0.5)
        recorder.clear()
        stack.advance(to: 0.5)
        #expect(recorder.lines == ["a didAppear", "root didDisappear"])
        #expect(stack.transition == nil)
        #expect(shows == [.willShow("a", animated: true), .didShow("a", animated: true)])
    }

    @Test("pop plays the push transition backwards and unloads the popped page at the end")
    func popReverse() throws {
        let (stack, recorder) = makeStack()
        let spec = TransitionSpec(kind: .cube, orientation: .bottomToTop, duration: 1)
        try stack.push(PanelNode("a"), transition: spec)
        stack.advance(to: 1)
        recorder.clear()
        let popped = stack.pop()
        #expect(popped?.id == "a")
        #expect(stack.top.id == "root")
        #expect(stack.transition?.direction == .pop)
        #expect(stack.transition?.spec == spec)
        stack.advance(to: 1.5)
        #expect(stack.transition?.progress == 0.5)
        stack.advance(to: 2)
        #expect(
            recorder.lines == [
                "root willAppear", "a willDisappear", "root didAppear", "a didDisappear", "a unload"
            ])
    }

    @Test("a push during a transition completes the running one first")
    func pushDuringTransition() throws {
        let (stack, recorder) = makeStack()
        try stack.push(PanelNode("a"))
        stack.advance(to: 0.1)
        try stack.push(PanelNode("b"))
        #expect(
            recorder.lines == [
                "a load", "a willAppear", "root willDisappear",
                "a didAppear", "root didDisappear",
                "b load", "b willAppear", "a willDisappear"
            ])
        #expect(stack.transition?.from == "a")
        #expect(stack.transition?.progress == 0)
    }

    @Test("pop to the current top is a no-op")
    func popToTop() throws {
        let (stack, recorder) = makeStack()
        try stack.push(PanelNode("a"), transition: nil)
        recorder.clear()
        #expect(try stack.popTo("a").isEmpty)
        #expect(recorder.events.isEmpty)
        #expect(throws: NavigationError.notOnStack("zz", container: "stack")) {
            try stack.popTo("zz")
        }
    }

    @Test("pushing a page already on the stack is refused and changes nothing")
    func pushDuplicate() throws {
        let (stack, _) = makeStack()
        try stack.push(PanelNode("a"), transition: nil)
        #expect(throws: NavigationError.alreadyShown("a", container: "stack")) {
            try stack.push(PanelNode("a"))
        }
        #expect(stack.entries.map(\.id) == ["root", "a"])
    }

    @Test("pop to root runs one transition from the top and unloads the pages between silently")
    func popToRoot() throws {
        let (stack, recorder) = makeStack()
        for id in ["a", "b", "c"] as [PageID] { try stack.push(PanelNode(id), transition: nil) }
        recorder.clear()
        let popped = stack.popToRoot(transition: .custom(TransitionSpec(kind: .fade, duration: 1)))
        #expect(popped.map(\.id) == ["a", "b", "c"])
        #expect(stack.transition?.from == "c")
        #expect(stack.transition?.to == "root")
        stack.advance(to: 1)
        #expect(
            recorder.lines == [
                "root willAppear", "c willDisappear", "b unload", "a unload",
                "root didAppear", "c didDisappear", "c unload"
            ])
    }

    @Test("interactive pop commits past half way and cancels before")
    func interactivePop() throws {
        let (stack, recorder) = makeStack()
        try stack.push(PanelNode("a"), transition: TransitionSpec(kind: .swipe, duration: 1))
        stack.advance(to: 1)
        recorder.clear()
        #expect(stack.beginInteractivePop())
        stack.updateInteractivePop(fraction: 0.3)
        #expect(stack.transition?.progress == 0.3)
        #expect(stack.transition?.isInteractive == true)
        stack.endInteractivePop(velocity: 0)
        #expect(stack.transition?.isCancelling == true)
        stack.advance(to: 1.15)
        #expect(abs((stack.transition?.progress ?? -1) - 0.15) < 1e-12)
        stack.advance(to: 1.3)
        #expect(stack.top.id == "a")
        #expect(
            recorder.lines == [
                "root willAppear", "a willDisappear",
                "a didDisappear", "root didAppear", "a willAppear", "root willDisappear",
                "a didAppear", "root didDisappear"
            ])
        recorder.clear()
        #expect(stack.beginInteractivePop())
        stack.updateInteractivePop(fraction: 0.4)
        stack.endInteractivePop(velocity: 0.5)
        #expect(stack.entries.map(\.id) == ["root"])
        stack.advance(to: 2)
        #expect(
            recorder.lines == [
                "root willAppear", "a willDisappear", "root didAppear", "a didDisappear", "a unload"
            ])
    }
}
