import Glibc
import KioskConfig
import KioskCore
import KioskPlatform
import KioskRender
import Logging
import KioskTestSupport
import Testing

@testable import KioskApp

/// A page under the overlays, its renderer and pipeline: what the runner holds, without an output.
struct OverlayBench {
    static let viewport = Size(width: 800, height: 480)
    let configuration: KioskConfiguration
    let pipeline: FramePipeline
    let navigator: Navigator

    /// One blue page with a title.
    static let homeOnly: KioskConfiguration = {
        let page = PageDefinition(
            id: "home", title: "Home",
            content: .panel(
                Panel(
                    widgets: [.title(TitleWidget(text: "Home"))], background: RGBA(hex: "#2a6fd6")))
        )
        return KioskConfiguration(
            settings: KioskSettings(home: "home"), pages: ["home": page], directory: "/nonexistent")
    }()

    /// `configuration`'s home page under the overlays; its panels measured by the renderer, as
    /// the runner's are, so taps land on rows and tiles.
    init(configuration: KioskConfiguration = Self.homeOnly) throws {
        self.configuration = configuration
        pipeline = FramePipeline(renderer: FrameRenderer(configuration: configuration, scale: 1))
        navigator = try Navigator(
            configuration: configuration, viewport: Self.viewport, scale: 1,
            panels: pipeline.renderer)
        overlays.place(viewport: Self.viewport, scale: 1)
    }

    var overlays: OverlayService { pipeline.overlays }

    static let banner = ErrorBanner(
        errors: [
            Diagnostic(
                severity: .error, file: "pages/home.toml", line: 3,
                message: "unknown widget type \"titel\"")
        ],
        directory: "/etc/kiosk-shell")

    /// The navigation's Scene with the overlays over it, drawn whole.
    func render() throws -> ImageBuffer {
        _ = AppFixture.fonts
        let scene = pipeline.scene(navigator, outputSize: Self.viewport, blanked: false)
        return try pipeline.renderer.render(scene, now: AppFixture.instant)
    }

    /// A router over the bench's navigator and overlays, fed like the compositor's seat.
    func router(host: RouterHost) throws -> (InputRouter, SeatFeed) {
        let router = InputRouter(
            settings: configuration.settings.input, surfaceSize: Self.viewport,
            loop: try EventLoop(),
            log: Logger(label: "test"), overlays: overlays, startDirect: { _, _ in nil })
        host.navigator = navigator
        router.delegate = host
        let seat = SeatFeed()
        router.attach(seat: seat)
        _ = router.configured(surfaceSize: Self.viewport)
        return (router, seat)
    }
}

@Suite("Overlay service")
struct OverlayServiceTests {
    @Test(
        "a touch on the banner is the banner's and dismisses it; a touch below it goes to the page")
    func bannerTakesItsTouches() throws {
        let bench = try OverlayBench()
        var dismissed = 0
        bench.overlays.show(ErrorBannerOverlay(OverlayBench.banner) { dismissed += 1 })
        let banner = try #require(bench.overlays.damageRects.first)
        let host = RouterHost()
        let (router, seat) = try bench.router(host: host)
        defer { withExtendedLifetime(router) {} }

        seat.onTouch?(.down(id: 1, position: Point(x: 400, y: banner.midY), time: 1))
        seat.onTouch?(.up(id: 1, time: 1.05))
        #expect(host.changes == 0)
        #expect(dismissed == 1)
        #expect(bench.overlays.overlays.isEmpty)

        bench.overlays.show(ErrorBannerOverlay(OverlayBench.banner) { dismissed += 1 })
        seat.onTouch?(.down(id: 2, position: Point(x: 400, y: banner.maxY + 20), time: 2))
        #expect(host.changes == 1)
        #expect(bench.navigator.isTouching)
        seat.onTouch?(.up(id: 2, time: 2.05))
        #expect(dismissed == 1)
        #expect(bench.overlays.overlays.count == 1)
    }

    @Test("a dialog above the banner takes every touch, the banner's too; a toast takes none")
    func hitTestOrder() throws {
        let bench = try OverlayBench()
        var dismissed = false
        var answers: [Bool] = []
        bench.overlays.show(ConfirmOverlay(question: "Reboot?") { answers.append($0) })
        bench.overlays.show(ToastOverlay(text: "sent", isFailure: false, isProgress: false), for: 4)
        bench.overlays.show(ErrorBannerOverlay(OverlayBench.banner) { dismissed = true })
        #expect(bench.overlays.overlays.map(\.level) == [.banner, .toast, .dialog])
        let host = RouterHost()
        let (router, seat) = try bench.router(host: host)
        defer { withExtendedLifetime(router) {} }

        seat.onTouch?(.down(id: 1, position: Point(x: 400, y: 5), time: 1))
        seat.onTouch?(.up(id: 1, time: 1.05))
        #expect(host.changes == 0)
        #expect(!dismissed)
        #expect(answers == [false])
        #expect(bench.overlays.overlays.map(\.level) == [.banner, .toast])

        // The toast lets the page have a touch on it.
        let toast = try #require(bench.overlays.shown(at: .toast)?.frame)
        seat.onTouch?(.down(id: 2, position: Point(x: toast.midX, y: toast.midY), time: 2))
        #expect(host.changes == 1)
    }

    @Test("Run answers yes, Cancel and the dimmed screen answer no; either closes the dialog")
    func confirmRunsOnlyOnRun() throws {
        let bench = try OverlayBench()
        var answers: [Bool] = []
        for tapRun in [true, false, false] {
            let dialog = ConfirmOverlay(question: "Reboot the panel?") { answers.append($0) }
            bench.overlays.show(dialog)
            #expect(dialog.buttons.count == 2)
            let point =
                tapRun
                ? dialog.buttons[1].center
                : answers.count == 1 ? dialog.buttons[0].center : Point(x: 5, y: 5)
            #expect(bench.overlays.touchDown(7, at: point))
            #expect(answers.count < 3)
            bench.overlays.touchUp(7)
            #expect(bench.overlays.overlays.isEmpty)
        }
        #expect(answers == [true, false, false])
        // A cancelled touch answers nothing.
        bench.overlays.show(ConfirmOverlay(question: "Reboot?") { answers.append($0) })
        #expect(bench.overlays.touchDown(8, at: Point(x: 400, y: 240)))
        bench.overlays.touchesCancelled()
        bench.overlays.touchUp(8)
        #expect(answers.count == 3)
        #expect(bench.overlays.overlays.count == 1)
    }

    @Test("a toast's lifetime ends it: its damage rect, layer and panel go")
    func toastExpires() throws {
        let bench = try OverlayBench()
        var changes = 0
        bench.overlays.onChange = { changes += 1 }
        bench.overlays.show(
            ToastOverlay(text: "Backup: done", isFailure: false, isProgress: false), for: 4,
            now: 100)
        #expect(bench.overlays.nextExpiry == 104)
        let rect = try #require(bench.overlays.damageRects.first)
        #expect(rect.maxY == OverlayBench.viewport.height - OverlayCard.margin)
        #expect(bench.overlays.layers.count == 1)
        #expect(
            bench.pipeline.renderer.surfaces.overlayPanels.keys.contains(ToastOverlay.surfaceID))

        bench.overlays.expire(now: 103.9)
        #expect(bench.overlays.damageRects == [rect])
        bench.overlays.expire(now: 104)
        #expect(bench.overlays.damageRects.isEmpty)
        #expect(bench.overlays.layers.isEmpty)
        #expect(bench.overlays.nextExpiry == nil)
        #expect(bench.pipeline.renderer.surfaces.overlayPanels.isEmpty)
        #expect(changes == 2)

        // A progress toast (no lifetime) replaced by its outcome keeps one toast, on the new clock.
        bench.overlays.show(
            ToastOverlay(text: "Backup: running", isFailure: false, isProgress: true), now: 200)
        #expect(bench.overlays.nextExpiry == nil)
        bench.overlays.show(
            ToastOverlay(text: "Backup: failed", isFailure: true, isProgress: false), for: 4,
            now: 210)
        #expect(bench.overlays.overlays.count == 1)
        #expect(bench.overlays.nextExpiry == 214)
    }

    @Test("the renderer's configuration stays the same while overlays come and go")
    func configurationUntouched() throws {
        let bench = try OverlayBench()
        let renderer = bench.pipeline.renderer
        let generation = renderer.surfaces.generation
        bench.overlays.show(ErrorBannerOverlay(OverlayBench.banner) {})
        bench.overlays.show(
            ToastOverlay(text: "sent", isFailure: false, isProgress: false), for: 4, now: 0)
        bench.overlays.show(ConfirmOverlay(question: "Reboot?") { _ in })
        _ = try bench.render()
        #expect(renderer.configuration == bench.configuration)
        #expect(renderer.surfaces.configuration == bench.configuration)
        bench.overlays.remove(levels: [.dialog, .banner])
        bench.overlays.expire(now: 10)
        _ = try bench.render()
        #expect(bench.overlays.overlays.isEmpty)
        #expect(renderer.configuration == bench.configuration)
        #expect(renderer.surfaces.generation == generation)
    }

    @Test("a config reload keeps a visible toast on screen, laid out with the new theme")
    func reloadKeepsToast() throws {
        let bench = try OverlayBench()
        bench.overlays.show(
            ToastOverlay(text: "sent", isFailure: false, isProgress: false), for: 4, now: 0)
        var reloaded = bench.configuration
        reloaded.settings.theme.surface = RGBA(red: 32.0 / 255, green: 64.0 / 255, blue: 32.0 / 255)
        reloaded.pages["more"] = PageDefinition(
            id: "more", title: "More", content: .panel(Panel(widgets: [])))
        // What the runner does on a reload.
        bench.pipeline.renderer.update(configuration: reloaded)
        bench.overlays.use(theme: reloaded.settings.theme)

        #expect(bench.overlays.shown(at: .toast) != nil)
        #expect(bench.overlays.layers.count == 1)
        let image = try bench.render()
        let frame = try #require(bench.overlays.damageRects.first)
        let pixel = image.pixel(x: Int(frame.minX) + 4, y: Int(frame.maxY) - 4)
        #expect(pixel == 0xFF20_4020)
    }

    @Test(
        "a page with the banner, a toast and a dialog over it draws the pixels the pages in the configuration drew"
    )
    func pixelsAsBefore() throws {
        let bench = try OverlayBench()
        let toast = ToastOverlay(
            text: "Backup {nightly}: done", isFailure: false, isProgress: false)
        bench.overlays.show(ErrorBannerOverlay(OverlayBench.banner) {})
        bench.overlays.show(toast, for: 4, now: 0)
        bench.overlays.show(ConfirmOverlay(question: "Reboot the panel?") { _ in })
        let drawn = try bench.render()
        // KIOSK_OVERLAY_PNG=/tmp/overlays.png keeps the picture for a look.
        if let path = getenv("KIOSK_OVERLAY_PNG") { try drawn.writePNG(to: String(cString: path)) }

        // The way before the overlay layer: the same panels as pages of the configuration.
        var pages = bench.configuration
        for (id, panel) in bench.pipeline.renderer.surfaces.overlayPanels {
            pages.pages[id] = PageDefinition(id: id, title: "overlay", content: .panel(panel))
        }
        let old = FrameRenderer(configuration: pages, scale: 1)
        let scene = bench.pipeline.scene(
            bench.navigator, outputSize: OverlayBench.viewport, blanked: false)
        let reference = try old.render(scene, now: AppFixture.instant)
        #expect(GoldenFolder.difference(drawn, reference).0 == 0)
    }
}
