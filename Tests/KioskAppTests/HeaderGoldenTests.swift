import KioskApp
import KioskCore
import KioskRender
import Testing
import KioskTestSupport

/// Stacks with their headers, drawn by the real pipeline: the top's title over the page and a
/// back button labelled with the previous page's title; while pages change the two headers'
/// titles and back labels slide and fade as a pair, never printed over each other.
@Suite("Header goldens")
struct HeaderGoldenTests {
    static let size = Size(width: 480, height: 300)

    /// A stack Amber → Blue → Green, 1-s swipes, already at rest on Blue.
    /// The stack on Blue with Green's push `percent` % of the way through.
    static func pushingGreen(percent: Int) throws -> (Navigator, FrameRenderer) {
        let (nav, renderer) = try stackOnBlue()
        #expect(nav.perform(.open("C")))
        nav.advance(to: 2 + Double(percent) / 100)
        return (nav, renderer)
    }

    static func stackOnBlue(header: Bool? = nil) throws -> (Navigator, FrameRenderer) {
        _ = AppFixture.fonts
        let spec = TransitionSpec(kind: .swipe, orientation: .rightToLeft, duration: 1)
        let configuration = LetterPages.configuration(
            home: "s",
            [
                LetterPages.page(0, opens: ["B"]), LetterPages.page(1, opens: ["C"]),
                LetterPages.page(2),
                PageDefinition(
                    id: "s", title: "Stack",
                    content: .stack(StackSpec(root: "A", transition: spec, showsHeader: header)))
            ])
        let renderer = FrameRenderer(configuration: configuration, scale: 1)
        let navigator = try Navigator(
            configuration: configuration, viewport: size, panels: renderer)
        #expect(navigator.perform(.open("B")))
        navigator.advance(to: 2)
        return (navigator, renderer)
    }

    static func render(_ nav: Navigator, _ renderer: FrameRenderer) throws -> ImageBuffer {
        try renderer.render(nav.scene(), now: AppFixture.instant)
    }

    @Test("a stack at rest after a push shows B's title and a back button labelled with A's title")
    func stackHeaderAtRest() throws {
        let (nav, renderer) = try Self.stackOnBlue()
        appGoldens.check(try Self.render(nav, renderer), named: "header-stack-rest")
    }

    @Test(
        "a push a quarter, half and three quarters through: Blue's title and back label slide left and fade out over the first half, Green's come in from the right over the second, never both",
        arguments: [25, 50, 75])
    func headerPushing(percent: Int) throws {
        let (nav, renderer) = try Self.pushingGreen(percent: percent)
        appGoldens.check(try Self.render(nav, renderer), named: "header-push-\(percent)")
    }

    @Test(
        "a pop a quarter, half and three quarters through is the push's picture backwards: the pair slides right",
        arguments: [25, 50, 75])
    func headerPopping(percent: Int) throws {
        let (nav, renderer) = try Self.stackOnBlue()
        #expect(nav.perform(.open("C")))
        nav.advance(to: 4)
        #expect(nav.perform(.back))
        nav.advance(to: 4 + Double(percent) / 100)
        let pop = try Self.render(nav, renderer)
        appGoldens.check(pop, named: "header-pop-\(percent)")

        let (push, pushRenderer) = try Self.pushingGreen(percent: 100 - percent)
        let (differing, _) = GoldenFolder.difference(pop, try Self.render(push, pushRenderer))
        #expect(differing <= 480 * 300 / 1000)
    }

    @Test(
        "back 0.3 s into a push turns the header pair around where it is: Green's words never show, Blue's come back from the left"
    )
    func headerInterruptedPush() throws {
        let (nav, renderer) = try Self.stackOnBlue()
        #expect(nav.perform(.open("C")))
        nav.advance(to: 2.3)
        let before = try Self.render(nav, renderer)
        #expect(nav.perform(.back))
        let after = try Self.render(nav, renderer)
        let (jump, _) = GoldenFolder.difference(before, after)
        #expect(jump <= 480 * 300 / 5000)
        nav.advance(to: 2.45)
        appGoldens.check(try Self.render(nav, renderer), named: "header-push-interrupted")
    }
}
