import KioskConfig
import KioskCore
import KioskPlatform
import KioskRender
import KioskWayland
import Logging

/// `kiosk-shell run`: the kiosk on a Wayland compositor. One thread, one epoll loop (DESIGN.md):
/// the Wayland fd, timers (clock ticks, long presses, file values, idle, watchdog), signals
/// (TERM/INT stop, HUP reloads) and inotify on the config folder. Frames are drawn on
/// `wl_surface.frame` while the Scene moves; when nothing moves no frame is requested.
///
/// Topics live in extensions: `+Input` (touch and key routing, wake tap, banner tap), `+Timers`,
/// `+Reload` (live config), `+Idle` (home, blank, backlight), `+State` (saved navigation),
/// `+Notify` (sd_notify).
public final class KioskRunner {
    let configDirectory: String
    let loop: EventLoop
    let log = Logger(label: "kiosk")
    let renderer: FrameRenderer
    var display: WaylandDisplay?
    var window: WaylandWindow?
    var navigator: Navigator?
    /// The configuration the navigator shows: the last good one, or the diagnostic page's.
    var shownConfiguration: KioskConfiguration
    /// The last configuration that loaded without errors; nil while only errors were seen.
    var goodConfiguration: KioskConfiguration?
    /// Errors of the last reload over the last good pages, until a tap dismisses them.
    var banner: ErrorBanner?
    /// Where the banner is, in logical pixels (nil: no banner on screen).
    var bannerFrame: Rect?
    var bannerContacts: Set<Int32> = []
    var loggedRefusal: String?
    var gate = TouchGate()
    var idle: IdleClock
    var idleTimer: EventLoop.TimerID?
    var idleTimerDeadline: Double?
    var backlight: Backlight?
    var notifier: SystemdNotifier?
    var watchdogTimer: EventLoop.TimerID?
    var readySent = false
    var lastStatus: String?
    var notifyFailureLogged = false
    var watcher: FileWatcher?
    var store: NavigationStore?
    var lastSavedState: NavigationState?
    var saveFailureLogged = false
    /// The Scene the window's current buffer holds (nil: draw everything).
    var previousScene: Scene?
    var clockTimer: EventLoop.TimerID?
    var deadlineTimer: EventLoop.TimerID?
    var fileTimer: EventLoop.TimerID?
    /// The page last reported as shown, so each change is logged once.
    var shownPage: PageID?
    lazy var geometry = RunnerGeometry(
        settings: shownConfiguration.settings.input, initialSurfaceSize: shownConfiguration.settings.previewSize)
    /// How the run ended.
    public private(set) var exitCode: KioskExitCode = .success

    /// Sets up signals, sd_notify and the config watch; must run on the main thread before any
    /// other thread starts. `loaded` is the config as read at start: with errors, the diagnostic
    /// page is shown until the files are fixed.
    public init(configDirectory: String, loaded: ConfigLoadResult) throws(PlatformError) {
        self.configDirectory = configDirectory
        if let configuration = loaded.configuration, !loaded.hasErrors {
            goodConfiguration = configuration
            shownConfiguration = configuration
        } else {
            shownConfiguration = DiagnosticPage.configuration(errors: loaded.errors, directory: configDirectory)
        }
        loop = try EventLoop()
        renderer = FrameRenderer(configuration: shownConfiguration, scale: 1)
        idle = IdleClock(settings: goodConfiguration?.settings.idle ?? IdleSettings(), now: MonotonicClock.now)
        for signal in [ProcessSignal.terminate, .interrupt] {
            try loop.onSignal(signal) { [unowned self] received in
                log.info("stopping on \(received.name)")
                notifier?.stopping()
                loop.stop()
            }
        }
        try loop.onSignal(.hangup) { [unowned self] _ in reload(reason: "SIGHUP") }
        startNotifying()
        startWatching()
        applySettings()
    }

    /// Connects to `WAYLAND_DISPLAY`, shows the home page fullscreen and runs until a signal
    /// (exit code 0) or until the compositor goes away (1).
    public func run() -> KioskExitCode {
        // Before the loop runs: libinput and the idle timer live on it too.
        armIdle()
        let failed = WaylandSession.run(
            loop: loop, settings: shownConfiguration.settings, title: "kiosk-shell", log: log,
            lost: { [unowned self] in exitCode = .failure },
            started: { [unowned self] display, window in
                self.display = display
                self.window = window
                connect(window)
                startLibinput()
            })
        if let failed { return failed }
        watcher?.stop()
        if idle.isBlanked { setBacklight(on: true) }
        logFrameStatistics()
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
            guard let made = makeNavigator(shownConfiguration, viewport: size, scale: scale) else { return }
            navigator = made
            if goodConfiguration != nil { restoreSavedNavigation() }
        }
        layoutBanner()
        previousScene = nil
        window?.setNeedsFrame()
    }

    /// A navigator for `configuration` at the home page; nil (and the loop stopped with 78) when
    /// even that cannot be built, which a validated configuration rules out.
    func makeNavigator(_ configuration: KioskConfiguration, viewport: Size, scale: Double) -> Navigator? {
        do {
            let made = try Navigator(
                configuration: configuration, viewport: viewport, scale: scale,
                panels: renderer)
            made.advance(to: MonotonicClock.now)
            return made
        } catch {
            log.critical("cannot show the home page: \(error)")
            exitCode = .configError
            loop.stop()
            return nil
        }
    }

    private func draw(into buffer: PixelBuffer, time: Double) -> [Rect] {
        guard let navigator else { return [] }
        navigator.advance(to: time)
        let scene = frameScene(navigator, outputSize: Size(width: Double(buffer.width), height: Double(buffer.height)))
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
        if scene.isAnimating {
            window?.setNeedsFrame()
        } else if !navigator.isTouching {
            settled(navigator)
        }
        armClock(now: now)
        if !readySent { firstFrameDrawn() }
        if !buffer.holdsPreviousFrame {
            return [Rect(x: 0, y: 0, width: Double(buffer.width), height: Double(buffer.height))]
        }
        return damage.rects
    }

    /// The navigation's Scene with the error banner over it; a black frame while blanked (the
    /// navigation still moves underneath, e.g. going home).
    func frameScene(_ navigator: Navigator, outputSize: Size) -> Scene {
        if idle.isBlanked {
            return Scene(
                outputSize: outputSize, background: RGBA(red: 0, green: 0, blue: 0), layers: [],
                isAnimating: navigator.isAnimating)
        }
        var scene = navigator.scene()
        if let bannerFrame {
            scene.layers.append(ErrorBanner.layer(frame: bannerFrame, scale: navigator.scale))
        }
        return scene
    }

    /// Navigation came to rest: log a new page once, report it to systemd, save the state.
    private func settled(_ navigator: Navigator) {
        saveNavigation(navigator)
        let page = navigator.activeNode.id
        guard page != shownPage else { return }
        shownPage = page
        if goodConfiguration != nil { log.info("showing page \"\(page)\"") }
        updateStatus()
    }
}
