import KioskApp
import KioskCore
import KioskRender
import Testing
import KioskTestSupport

/// Stacks with their headers, drawn by the real pipeline: the top's title over the page and a
/// back button labelled with the previous page's title.
@Suite("Header goldens")
struct HeaderGoldenTests {
    static let size = Size(width: 480, height: 300)

    static func frame(header: Bool?, pushedAt progress: Double) throws -> ImageBuffer {
        _ = AppFixture.fonts
        let spec = TransitionSpec(kind: .swipe, orientation: .rightToLeft, duration: 1)
        let configuration = LetterPages.configuration(
            home: "s",
            [
                LetterPages.page(0), LetterPages.page(1),
                PageDefinition(
                    id: "s", title: "Stack",
                    content: .stack(StackSpec(root: "A", transition: spec, showsHeader: header)))
            ])
        let renderer = FrameRenderer(configuration: configuration, scale: 1)
        let navigator = try Navigator(
            configuration: configuration, viewport: size, panels: renderer)
        #expect(navigator.perform(.open("B")))
        navigator.advance(to: progress)
        return try renderer.render(navigator.scene(), now: AppFixture.instant)
    }

    @Test("a stack at rest after a push shows B's title and a back button labelled with A's title")
    func stackHeaderAtRest() throws {
        appGoldens.check(try Self.frame(header: nil, pushedAt: 2), named: "header-stack-rest")
    }

    @Test("half-way through a push the header fades from A's to B's while the pages swipe below it")
    func stackHeaderPushing() throws {
        appGoldens.check(try Self.frame(header: nil, pushedAt: 0.5), named: "header-stack-pushing")
    }
}
