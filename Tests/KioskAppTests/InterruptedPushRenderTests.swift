import KioskApp
import KioskCore
import KioskRender
import Testing
import KioskTestSupport

/// Back during a push, drawn by the real pipeline: the frame right after the back is the frame
/// right before it (no jump to the pushed page), and the pop then runs back through the push's
/// own frames.
@Suite("Interrupted push drawn")
struct InterruptedPushRenderTests {
    static let size = Size(width: 480, height: 300)

    static func navigator(_ kind: TransitionKind) throws -> (Navigator, FrameRenderer) {
        _ = AppFixture.fonts
        let spec = TransitionSpec(kind: kind, orientation: .rightToLeft, duration: 1)
        let configuration = LetterPages.configuration(
            home: "s",
            [
                LetterPages.page(0), LetterPages.page(1),
                PageDefinition(
                    id: "s", title: "Stack", content: .stack(StackSpec(root: "A", transition: spec))
                )
            ])
        let renderer = FrameRenderer(configuration: configuration, scale: 1)
        return (
            try Navigator(configuration: configuration, viewport: size, panels: renderer), renderer
        )
    }

    @Test(
        "back 0.3 s into a push draws the same frame, then the push's frames backwards",
        arguments: [TransitionKind.swipe, .cube, .fade])
    func backDuringPush(kind: TransitionKind) throws {
        let (nav, renderer) = try Self.navigator(kind)
        #expect(nav.perform(.open("B")))
        nav.advance(to: 0.3)
        let before = try renderer.render(nav.scene(), now: AppFixture.instant)
        #expect(nav.perform(.back))
        let after = try renderer.render(nav.scene(), now: AppFixture.instant)
        // Rounding of the reversed progress may move an edge pixel, nothing more.
        let (jump, _) = GoldenFolder.difference(before, after)
        #expect(jump <= 480 * 300 / 5000)
        nav.advance(to: 0.35)
        let backwards = try renderer.render(nav.scene(), now: AppFixture.instant)

        let (reference, referenceRenderer) = try Self.navigator(kind)
        #expect(reference.perform(.open("B")))
        reference.advance(to: 0.25)
        let push = try referenceRenderer.render(reference.scene(), now: AppFixture.instant)
        let (differing, _) = GoldenFolder.difference(backwards, push)
        #expect(differing <= 480 * 300 / 500)
        appGoldens.check(after, named: "interrupted-push-\(kind.rawValue)")
    }
}
