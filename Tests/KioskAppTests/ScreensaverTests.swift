import KioskConfig
import KioskCore
import KioskPlatform
import Logging
import Testing

@testable import KioskApp

/// Stands in for the runner's screensaver business around the real input router: the navigator
/// on screen is the screensaver's while it shows, and the wake swaps the visitor's back, as
/// `KioskRunner+Screensaver` does.
final class ScreensaverHost: InputRouterDelegate {
    let screensaver = Screensaver()
    var navigator: Navigator?
    var changes = 0
    var wakes: [String] = []
    var wakesOnInput: Bool { screensaver.isShowing }
    func inputActivity() {}
    func wake(by cause: String, at time: Double) {
        wakes.append(cause)
        if let visitor = screensaver.end() { navigator = visitor }
    }
    func navigationChanged() { changes += 1 }
    func switchVirtualTerminal(_ vt: Int) -> Bool { false }
}

@Suite("Screensaver")
struct ScreensaverTests {
    static let viewport = Size(width: 1280, height: 800)

    static func demo() throws -> (KioskConfiguration, FrameRenderer) {
        _ = AppFixture.fonts
        let configuration = try #require(
            ConfigLoader.load(directory: AppFixture.demoConfig).configuration)
        return (configuration, FrameRenderer(configuration: configuration, scale: 1))
    }

    /// A visitor's navigation on the demo, gone to `page` and settled.
    static func visitor(
        at page: PageID, _ configuration: KioskConfiguration, _ renderer: FrameRenderer
    ) throws -> Navigator {
        let visitor = try Navigator(
            configuration: configuration, viewport: viewport, panels: renderer)
        #expect(visitor.reveal(page))
        visitor.advance(to: visitor.now + 5)
        #expect(visitor.activeNode.id == page)
        return visitor
    }

    @Test(
        "the first touch ends the screensaver, reaches neither page, and gives back the visitor's own navigator where it was"
    )
    func firstTouchReturnsTheSameNavigation() throws {
        let (configuration, renderer) = try Self.demo()
        let visitor = try Self.visitor(at: "tour-mill", configuration, renderer)
        let before = visitor.state

        let saver = try Navigator(
            configuration: configuration, viewport: Self.viewport, rootPage: "highlight",
            panels: renderer)
        let host = ScreensaverHost()
        host.screensaver.start(page: "highlight", keeping: visitor)
        host.navigator = saver
        let router = InputRouter(
            settings: configuration.settings.input, surfaceSize: Self.viewport,
            loop: try EventLoop(), log: Logger(label: "test"), startDirect: { _, _ in nil })
        router.delegate = host
        router.deliver(.down(id: 0, position: Point(x: 640, y: 400), time: 10))
        router.deliver(.frame(time: 10))
        router.deliver(.up(id: 0, time: 10.05))
        router.deliver(.frame(time: 10.05))

        #expect(host.wakes == ["a touch"])
        #expect(!host.screensaver.isShowing)
        #expect(host.navigator === visitor)
        #expect(host.changes == 0)
        #expect(!saver.isTouching && !visitor.isTouching)
        visitor.advance(to: visitor.now + 5)
        #expect(visitor.activeNode.id == "tour-mill")
        #expect(visitor.state == before)

        // The next touch is the visitor's again.
        router.deliver(.down(id: 1, position: Point(x: 640, y: 400), time: visitor.now + 1))
        #expect(host.changes == 1)
        #expect(visitor.isTouching)
    }

    @Test("home_after while the screensaver shows sends the kept navigation home behind it")
    func homeBehindTheScreensaver() throws {
        let (configuration, renderer) = try Self.demo()
        let visitor = try Self.visitor(at: "plant", configuration, renderer)
        let screensaver = Screensaver()
        screensaver.start(page: "highlight", keeping: visitor)
        // What the runner's idleHome does: the visitor's navigator, not the one on screen.
        let kept = try #require(screensaver.visitor)
        kept.advance(to: kept.now + 1)
        #expect(kept.perform(.home))
        let back = try #require(screensaver.end())
        back.advance(to: back.now + 5)
        #expect(back === visitor)
        let atHome = try Navigator(
            configuration: configuration, viewport: Self.viewport, panels: renderer)
        #expect(back.activeNode.id == atHome.activeNode.id)
        #expect(back.state == atHome.state)
        #expect(screensaver.end() == nil)
    }
}
