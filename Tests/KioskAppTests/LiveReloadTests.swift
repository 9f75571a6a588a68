import Glibc
import KioskConfig
import KioskCore
import KioskPlatform
import KioskRender
import Logging
import Testing

@testable import KioskApp

/// A config folder on disk whose kiosk.toml the tests rewrite, as an operator would.
private struct ConfigFolder {
    let path = AppFixture.temporaryDirectory()

    init() {
        mkdir(path + "/pages", 0o755)
        write("pages/red.toml", "title = \"Red\"\ntype = \"panel\"\nbackground = \"#c83a32\"\n")
    }

    func write(_ name: String, _ text: String) {
        let file = fopen(path + "/" + name, "w")
        fputs(text, file)
        fclose(file)
    }

    func kiosk(_ extra: String) {
        write("kiosk.toml", "home = \"red\"\n" + extra)
    }
}

/// Stands in for the runner around the router: a real Navigator, counts what reaches it.
final class RouterHost: InputRouterDelegate {
    var navigator: Navigator?
    var wakesOnInput = false
    var changes = 0
    func inputActivity() {}
    func wake(by cause: String, at time: Double) {}
    func navigationChanged() { changes += 1 }
    /// Whether the output switches consoles (DRM with `vt_switching`), and what it was asked.
    var switchesVT = false
    var vtRequests: [Int] = []
    func switchVirtualTerminal(_ vt: Int) -> Bool {
        vtRequests.append(vt)
        return switchesVT
    }
}

/// The compositor's seat as the router sees it: events in window coordinates.
final class SeatFeed: InputBackend {
    var origin: InputOrigin { .compositor }
    var onTouch: ((TouchEvent) -> Void)?
    var onKey: ((KeyEvent) -> Void)?
    func follow(_ mapper: TouchMapper) {}
    func start() {}
    func stop() {}
}

@Suite("Live reload applies all of kiosk.toml")
struct LiveReloadTests {
    @Test(
        "a panel that boots with a broken config shows the diagnostic page's settings, then takes the fixed config's rotation and source"
    )
    func brokenAtBootThenFixed() throws {
        let folder = ConfigFolder()
        folder.kiosk("[display]\nrotation = \"sideways\"\n")
        let service = ConfigService(
            directory: folder.path, loaded: ConfigLoader.load(directory: folder.path))
        #expect(service.good == nil)
        #expect(service.shown.settings.home == DiagnosticPage.pageID)
        #expect(service.shown.settings.input.geometry.displayTransform == .normal)

        folder.kiosk(
            "[display]\nrotation = \"90\"\n[input]\nsource = \"libinput\"\ncalibration = [1, 0, 0.1, 0, 1, 0]\n"
        )
        let (change, _) = service.reload()
        #expect(change == .applied(replacedDiagnostics: true))
        let input = service.shown.settings.input
        #expect(input.geometry.displayTransform == .rotated90)
        #expect(input.source == .libinput)
        #expect(input.geometry.calibration != .identity)
    }

    @Test(
        "errors after a good config keep its settings under a banner; the same files again change nothing"
    )
    func bannerKeepsSettings() throws {
        let folder = ConfigFolder()
        folder.kiosk("[display]\nrotation = \"180\"\n")
        let service = ConfigService(
            directory: folder.path, loaded: ConfigLoader.load(directory: folder.path))
        #expect(service.shown.settings.input.geometry.displayTransform == .rotated180)
        folder.kiosk("[display]\nrotation = \"sideways\"\n")
        #expect(service.reload().change == .banner)
        #expect(service.banner != nil)
        #expect(service.shown.settings.input.geometry.displayTransform == .rotated180)
        #expect(service.shown == service.good)
        folder.kiosk("[display]\nrotation = \"180\"\n")
        #expect(service.reload().change == .applied(replacedDiagnostics: false))
        #expect(service.banner == nil)
        #expect(service.reload().change == .unchanged)
    }

    @Test(
        "a reload turning the display relays out the viewport and maps compositor touches through the new rotation"
    )
    func rotationAppliesLive() throws {
        let folder = ConfigFolder()
        folder.kiosk("")
        let service = ConfigService(
            directory: folder.path, loaded: ConfigLoader.load(directory: folder.path))
        let loop = try EventLoop()
        let router = InputRouter(
            settings: service.shown.settings.input, surfaceSize: Size(width: 800, height: 480),
            loop: loop,
            log: Logger(label: "test"), startDirect: { _, _ in nil })
        let host = RouterHost()
        router.delegate = host
        let seat = SeatFeed()
        router.attach(seat: seat)
        #expect(
            router.configured(surfaceSize: Size(width: 800, height: 480))
                == Size(width: 800, height: 480))

        folder.kiosk("[display]\nrotation = \"90\"\n")
        #expect(service.reload().change == .applied(replacedDiagnostics: false))
        #expect(router.apply(service.shown.settings.input))
        #expect(router.displayTransform == .rotated90)
        #expect(router.viewport == Size(width: 480, height: 800))

        // A finger at logical (100, 700) of the upright picture touches the window where the
        // turned picture shows that point.
        host.navigator = try Navigator(
            configuration: service.shown, viewport: router.viewport, scale: 1)
        let logical = Point(x: 100, y: 700)
        let window = DisplayTransform.rotated90.nativePoint(
            fromLogical: logical, nativeSize: Size(width: 800, height: 480))
        let mapped = try #require(
            router.routing.fromCompositor(.down(id: 0, position: window, time: 1)))
        guard case .down(_, let position, _) = mapped else {
            Issue.record("not a down: \(mapped)"); return
        }
        #expect(abs(position.x - logical.x) < 0.001 && abs(position.y - logical.y) < 0.001)
        seat.onTouch?(.down(id: 0, position: window, time: 1))
        #expect(host.changes == 1)
        #expect(host.navigator?.isTouching == true)
        #expect(!router.apply(service.shown.settings.input))
    }

    @Test(
        "switching [input] source at run time starts and stops libinput; compositor touches are ignored while it reads alone"
    )
    func sourceSwitchesLive() throws {
        let folder = ConfigFolder()
        let missing = folder.path + "/no-such-event-device"
        folder.kiosk("")
        let service = ConfigService(
            directory: folder.path, loaded: ConfigLoader.load(directory: folder.path))
        let loop = try EventLoop()
        let log = Logger(label: "test")
        var started: [InputGeometrySettings] = []
        let router = InputRouter(
            settings: service.shown.settings.input, surfaceSize: Size(width: 800, height: 480),
            loop: loop, log: log,
            startDirect: { geometry, size in
                started.append(geometry)
                return BackendFactory.directInput(
                    settings: geometry, nativeSize: size, loop: loop, log: log)
            })
        let host = RouterHost()
        router.delegate = host
        host.navigator = try Navigator(
            configuration: service.shown, viewport: Size(width: 800, height: 480), scale: 1)
        let seat = SeatFeed()
        router.attach(seat: seat)
        router.start()
        #expect(!router.readsDirectly)
        #expect(started.isEmpty)

        folder.kiosk("[input]\nsource = \"libinput\"\ndevices = [\"\(missing)\"]\n")
        #expect(service.reload().change == .applied(replacedDiagnostics: false))
        router.apply(service.shown.settings.input)
        #expect(router.readsDirectly)
        #expect(started.map(\.devicePaths) == [[missing]])
        seat.onTouch?(.down(id: 0, position: Point(x: 10, y: 10), time: 1))
        #expect(host.changes == 0)

        folder.kiosk(
            "[input]\nsource = \"libinput\"\ndevices = [\"\(missing)\"]\n[input.keyboard]\nlayout = \"de\"\n"
        )
        #expect(service.reload().change == .applied(replacedDiagnostics: false))
        router.apply(service.shown.settings.input)
        #expect(router.readsDirectly)
        #expect(started.count == 2)
        #expect(started.last?.keymap.layout == "de")

        folder.kiosk("")
        #expect(service.reload().change == .applied(replacedDiagnostics: false))
        router.apply(service.shown.settings.input)
        #expect(!router.readsDirectly)
        seat.onTouch?(.down(id: 0, position: Point(x: 10, y: 10), time: 1))
        #expect(host.changes == 1)
        router.stop()
    }

    @Test(
        "a reload changing [display] backend, connector or mode logs one line that it takes effect after a restart; other edits log none"
    )
    func outputChangeNeedsRestart() throws {
        let folder = ConfigFolder()
        folder.kiosk("[display]\nbackend = \"drm\"\n")
        let service = ConfigService(
            directory: folder.path, loaded: ConfigLoader.load(directory: folder.path))
        let before = service.shown.settings.output
        #expect(before.backend == .drm)

        folder.kiosk("[display]\nbackend = \"wayland\"\n")
        #expect(service.reload().change == .applied(replacedDiagnostics: false))
        let notice = service.shown.settings.output.restartNotice(comparedTo: before)
        #expect(
            notice
                == "[display] backend \"drm\" -> \"wayland\": a backend change takes effect after a restart; the output stays as it is until then"
        )

        let wayland = service.shown.settings.output
        folder.kiosk(
            "[display]\nbackend = \"wayland\"\nconnector = \"HDMI-A-1\"\nmode = \"1280x800@60\"\n")
        _ = service.reload()
        let both = service.shown.settings.output.restartNotice(comparedTo: wayland)
        #expect(
            both?.hasPrefix(
                "[display] connector (default) -> \"HDMI-A-1\", mode (default) -> \"1280x800@60\": this change takes effect after a restart"
            ) == true)

        let current = service.shown.settings.output
        folder.kiosk(
            "[display]\nbackend = \"wayland\"\nconnector = \"HDMI-A-1\"\nmode = \"1280x800@60\"\nrotation = \"90\"\n"
        )
        #expect(service.reload().change == .applied(replacedDiagnostics: false))
        #expect(service.shown.settings.output.restartNotice(comparedTo: current) == nil)
    }
}

@Suite("Bench runs the runtime pipeline")
struct BenchPipelineTests {
    @Test(
        "the report says so, and the held cube frame is the Navigator's Scene drawn through the pipeline"
    )
    func reportStatesPipeline() throws {
        // Pango must load the pinned fonts first: the goldens in this process compare against them.
        _ = AppFixture.fonts
        let report = try BenchCommand.measure(
            BenchCommand.Options(
                width: 160, height: 90, configDirectory: AppFixture.demoConfig, repetitions: 1,
                only: "cube 30deg"))
        #expect(report.note == BenchCommand.pipelineNote)
        #expect(report.text.contains("runtime pipeline"))
        #expect(report.json.contains("\"pipeline\":"))
        #expect(report.results.map(\.name).contains("cube 30deg"))
        #expect(report.results.map(\.name).contains("cube 30deg rotated 90"))

        let pages = BenchPages(directory: AppFixture.demoConfig, progress: { _ in })
        let kiosk = try BenchKiosk(
            configuration: pages.configuration, root: BenchPages.cube,
            size: Size(width: 160, height: 90))
        kiosk.holdDrag(fraction: 1.0 / 3, vertical: false)
        #expect(kiosk.navigator.isTouching)
        let scene = kiosk.scene
        #expect(scene.layers.count >= 2)
        kiosk.frame()
        let image = try #require(kiosk.output.shownImage)
        // The turned cube shows the background in its corners and pages in the middle.
        #expect(image.pixel(x: 80, y: 45) != image.pixel(x: 0, y: 0) || scene.background == .black)

        // A clock-only frame redraws something: the clock's text changes with each frame.
        let clockReport = try BenchCommand.measure(
            BenchCommand.Options(
                width: 160, height: 90, configDirectory: AppFixture.demoConfig, repetitions: 1,
                only: "clock-only"))
        #expect(clockReport.results.map(\.name) == [BenchCommand.memcpyName, "clock-only frame"])
        let clock = try BenchKiosk(
            configuration: pages.configuration, root: BenchPages.clock,
            size: Size(width: 640, height: 360))
        for _ in 0..<3 { clock.frame(whole: false) }
        clock.now = WallClockTime(
            secondsSinceEpoch: clock.now.secondsSinceEpoch + 61, timeZone: "UTC")
        let damage = clock.output.drawFrame(at: clock.navigator.now)
        #expect(!damage.isEmpty)
        #expect(damage.allSatisfy { $0.width * $0.height < 640 * 360 })
    }
}
