import KioskApp
import KioskCore
import KioskRender
import Testing
import KioskTestSupport

/// Every transition, right to left, a quarter, half and three quarters through a push from the
/// amber page A to the blue page B, drawn by the real pipeline: a stack in a Navigator, advanced
/// to the time, its Scene drawn by the FrameRenderer.
@Suite("Transition goldens")
struct TransitionGoldenTests {
    static let size = Size(width: 480, height: 300)

    static func frame(_ kind: TransitionKind, at progress: Double, pop: Bool = false) throws
        -> ImageBuffer
    {
        _ = AppFixture.fonts
        let spec = TransitionSpec(kind: kind, orientation: .rightToLeft, duration: 1)
        let configuration = LetterPages.configuration(
            home: "s",
            [
                LetterPages.page(0), LetterPages.page(1),
                PageDefinition(
                    id: "s", title: "Stack",
                    content: .stack(StackSpec(root: "A", transition: spec, showsHeader: false)))
            ])
        let renderer = FrameRenderer(configuration: configuration, scale: 1)
        let navigator = try Navigator(
            configuration: configuration, viewport: size, panels: renderer)
        #expect(navigator.perform(.open("B")))
        var start = 0.0
        if pop {
            navigator.advance(to: 2)
            #expect(navigator.perform(.back))
            start = 2
        }
        navigator.advance(to: start + progress)
        // The frame is the stack's transition `progress` of the way from its old top to its new.
        let stack = try #require(navigator.root as? TransitionStack)
        let transition = try #require(stack.transition)
        #expect(transition.direction == (pop ? .pop : .push))
        #expect(transition.from == (pop ? "B" : "A") && transition.to == (pop ? "A" : "B"))
        #expect(abs(transition.progress - progress) < 1e-9)
        return try renderer.render(navigator.scene(), now: AppFixture.instant)
    }

    @Test(
        "a push a quarter, half and three quarters through looks as recorded",
        arguments: TransitionKind.allCases)
    func push(kind: TransitionKind) throws {
        for progress in [0.25, 0.5, 0.75] {
            let image = try Self.frame(kind, at: progress)
            appGoldens.check(image, named: "transition-\(kind.rawValue)-\(Int(progress * 100))")
        }
    }

    @Test(
        "a pop half-way is the push half-way with the pages exchanged (cube, fold)",
        arguments: [TransitionKind.cube, .fold])
    func popMirrorsPush(kind: TransitionKind) throws {
        // Pop at 0.25 shows the push at 0.75.
        let pop = try Self.frame(kind, at: 0.25, pop: true)
        let push = try Self.frame(kind, at: 0.75)
        let (differing, _) = GoldenFolder.difference(pop, push)
        #expect(differing <= 480 * 300 / 500)
    }
}
