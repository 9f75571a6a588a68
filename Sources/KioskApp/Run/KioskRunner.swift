import KioskConfig
import KioskCore
import KioskPlatform
import KioskRender
import KioskWayland
import Logging

/// `kiosk-shell run`: the kiosk on a Wayland compositor. One thread, one epoll loop (DESIGN.md):
/// the Wayland fd, timers (clock ticks, long presses, file values) and signals. Frames are drawn
/// on `wl_surface.frame` while the Scene moves; when nothing moves no frame is requested.
public final class KioskRunner {
    let configuration: KioskConfiguration
    let loop: EventLoop
    let log = Logger(label: "kiosk")
    let renderer: FrameRenderer
    var display: WaylandDisplay?
    var window: WaylandWindow?
    var navigator: Navigator?
    /// The Scene the window's current buffer holds (nil: draw everything).
    var previousScene: Scene?
    var clockTimer: EventLoop.TimerID?
    var deadlineTimer: EventLoop.TimerID?
    var fileTimer: EventLoop.TimerID?
    /// The page last reported as shown, so each change is logged once.
    var shownPage: PageID?
    lazy var geometry = RunnerGeometry(settings: configuration.settings.input, initialSurfaceSize: configuration.settings.previewSize)
    /// How the run ended.
    public private(set) var exitCode: KioskExitCode = .success

    /// Sets up signals; must run on the main thread before any other thread starts.
    public init(configuration: KioskConfiguration) throws(PlatformError) {
        self.configuration = configuration
        loop = try EventLoop()
        renderer = FrameRenderer(configuration: configuration, scale: 1)
        for signal in [ProcessSignal.terminate, .interrupt] {
            try loop.onSignal(signal) { [unowned self] received in
                log.info("stopping on \(received.name)")
                loop.stop()
            }
        }
    }

    /// Connects to `WAYLAND_DISPLAY`, shows the home page fullscreen and runs until a signal
    /// (exit code 0) or until the compositor goes away (1).
    public func run() -> KioskExitCode {
        do {
            let display = try WaylandDisplay()
            let preview = configuration.settings.previewSize
            let window = try WaylandWindow(
                display: display,
                configuration: WindowConfiguration(
                    appID: configuration.settings.appID, title: "kiosk-shell",
                    defaultSize: (Int(preview.width), Int(preview.height))))
            self.display = display
            self.window = window
            connect(window)
            display.onClosed = { [unowned self] reason in
                log.error("\(reason)")
                exitCode = .failure
                loop.stop()
            }
            try display.attach(to: loop)
            startLibinput()
            try loop.run()
        } catch let error as WaylandError {
            log.error("\(error.description)")
            return .failure
        } catch let error as PlatformError {
            log.error("\(error.description)")
            return .failure
        } catch {
            log.error("\(error)")
            return .failure
        }
        // Proxies go before the connection (a released buffer must find its owner alive).
        stopLibinput()
        window = nil
        display?.detach()
        display = nil
        return exitCode
    }

    private func connect(_ window: WaylandWindow) {
        window.onConfigure = { [unowned self] size, scale in configured(size: size, scale: Double(scale)) }
        window.onDraw = { [unowned self] buffer, time in draw(into: buffer, time: time) }
        window.onTouch = { [unowned self] event in deliverFromCompositor(event) }
        window.onKey = { [unowned self] event in deliverFromCompositor(event) }
        window.onCloseRequested = { [unowned self] in
            log.info("the compositor asked the window to close")
            loop.stop()
        }
    }

    private func configured(size surfaceSize: Size, scale: Double) {
        let size = viewport(forSurface: surfaceSize)
        log.info("output \(Int(size.width))x\(Int(size.height)) at scale \(Int(scale))")
        renderer.surfaces.scale = scale
        if let navigator {
            navigator.resize(viewport: size, scale: scale)
        } else {
            do {
                navigator = try Navigator(
                    configuration: configuration, viewport: size, scale: scale,
                    panelTargets: { [renderer] in renderer.targets(page: $0, size: $1) })
                navigator?.advance(to: MonotonicClock.now)
            } catch {
                log.critical("cannot show the home page: \(error)")
                exitCode = .configError
                loop.stop()
                return
            }
        }
        previousScene = nil
        window?.setNeedsFrame()
    }

    private func draw(into buffer: PixelBuffer, time: Double) -> [Rect] {
        guard let navigator else { return [] }
        navigator.advance(to: time)
        let scene = navigator.scene()
        let target: ImageBuffer
        do {
            target = try ImageBuffer(wrapping: buffer.pixels, width: buffer.width, height: buffer.height, stride: buffer.stride)
        } catch {
            log.error("\(error.description)")
            return []
        }
        let now = WallClockTime.now()
        let damage = renderer.draw(
            scene, into: target, previous: buffer.holdsPreviousFrame ? previousScene : nil, now: now)
        target.markDirty()
        previousScene = scene
        if scene.isAnimating { window?.setNeedsFrame() } else { settled(navigator) }
        armClock(now: now)
        if !buffer.holdsPreviousFrame {
            return [Rect(x: 0, y: 0, width: Double(buffer.width), height: Double(buffer.height))]
        }
        return damage.rects
    }

    /// Logs the page in view once navigation has come to rest on a new one.
    private func settled(_ navigator: Navigator) {
        let page = navigator.activeNode.id
        guard page != shownPage else { return }
        shownPage = page
        log.info("showing page \"\(page)\"")
    }
}
