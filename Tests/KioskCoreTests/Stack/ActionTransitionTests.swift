import Testing

@testable import KioskCore

/// Issue 14: a row or tile's own transition for `open`, and pops with another transition or none.
@Suite("Per-open transitions")
struct ActionTransitionTests {
    static func navigator() throws -> (Navigator, TransitionStack) {
        let pages =
            ["a", "b", "c"].map { NavFixture.panel(PageID($0)) }
            + [
                NavFixture.stack(
                    "s", root: "a",
                    TransitionSpec(kind: .swipe, orientation: .rightToLeft, duration: 0.4))
            ]
        let nav = try NavFixture.navigator(home: "s", pages)
        return (nav, try #require(nav.root as? TransitionStack))
    }

    @Test(
        "open with its own transition pushes with it, keeping the stack's orientation and duration")
    func pushWithOwnTransition() throws {
        let (nav, stack) = try Self.navigator()
        #expect(
            nav.perform(.openWith("b", ActionTransition(push: TransitionOverride(kind: .zoom)))))
        #expect(
            stack.transition?.spec
                == TransitionSpec(kind: .zoom, orientation: .rightToLeft, duration: 0.4))
        nav.advance(to: 1)
        // Popped the way it came in, played backwards.
        #expect(nav.perform(.back))
        #expect(stack.transition?.spec.kind == .zoom)
        #expect(stack.transition?.direction == .pop)
    }

    @Test(
        "back_transition: the page leaves as its open asked (none: at once); a back row's transition wins over it"
    )
    func popWithOtherTransition() throws {
        let (nav, stack) = try Self.navigator()
        #expect(nav.perform(.openWith("b", ActionTransition(back: TransitionOverride.none))))
        #expect(stack.transition?.spec.kind == .swipe)
        nav.advance(to: 1)
        #expect(nav.perform(.back))
        #expect(stack.transition == nil)
        #expect(nav.activeNode.id == "a")
        nav.perform(.openWith("b", ActionTransition(back: TransitionOverride.none)))
        nav.advance(to: 2)
        #expect(nav.perform(.backWith(TransitionOverride(kind: .fade, duration: 1))))
        #expect(
            stack.transition?.spec
                == TransitionSpec(kind: .fade, orientation: .rightToLeft, duration: 1))
        nav.advance(to: 3.5)
        nav.perform(.open("c"))
        nav.advance(to: 5)
        #expect(nav.perform(.backWith(.none)))
        #expect(stack.transition == nil)
        #expect(nav.activeNode.id == "a")
    }
}
