import KioskConfig
import KioskCore
import KioskPlatform
import KioskRender
import Logging

/// `kiosk-shell run`: one thread, one epoll loop (docs/architecture.md) wiring three parts, each a
/// type with its own state:
///
/// - the **frame pipeline** (`FramePipeline`, `FrameWakeups`): Scene → damage → compose into the
///   output backend's buffer, the overlay layer (`OverlayService`: error banner, toasts, the
///   confirm dialog) over the pages; what a frame leads to runs after the commit (`+Frames`);
/// - the **input router** (`InputRouter`): backend events → touch gate → overlays → navigator;
/// - the **service side**: `ConfigService` (live reload, `+Reload`), `IdleService`,
///   `NavigationKeeper` (saved state), `SystemdStatus` (notify, watchdog).
///
/// The output and input come from `BackendFactory`; the runner sees only `OutputBackend` and
/// `InputBackend`. Frames are drawn when the output says so while the Scene moves; when nothing
/// moves no frame is requested.
public final class KioskRunner {
    let loop: EventLoop
    /// One logger for the run, a constant of the type rather than state of each runner.
    static let logger = Logger(label: "kiosk")
    var log: Logger { Self.logger }
    let config: ConfigService
    let pipeline: FramePipeline
    let router: InputRouter
    /// `IdleService` and `ScheduleService`: what happens without touches and through the day.
    let day: PanelDay
    var idle: IdleService { day.idle }
    var schedule: ScheduleService { day.schedule }
    let keeper: NavigationKeeper
    let status: SystemdStatus
    var betweenFrames: BetweenFrames?
    var output: (any OutputBackend)?
    var navigator: Navigator?
    /// Values, actions, MQTT and D-Bus of the good configuration (`+Control`); nil without any.
    var control: ControlHub?
    /// How the run ended.
    public internal(set) var exitCode: KioskExitCode = .success

    /// Sets up signals, sd_notify and the config watch; must run on the main thread before any
    /// other thread starts. `loaded` is the config as read at start: with errors, the diagnostic
    /// page is shown until the files are fixed.
    public init(configDirectory: String, loaded: ConfigLoadResult) throws(PlatformError) {
        config = ConfigService(directory: configDirectory, loaded: loaded)
        loop = try EventLoop()
        pipeline = FramePipeline(renderer: FrameRenderer(configuration: config.shown, scale: 1))
        let idle = IdleService(loop: loop, log: Self.logger)
        day = PanelDay(
            idle: idle, schedule: ScheduleService(loop: loop, log: Self.logger, idle: idle))
        keeper = NavigationKeeper(log: Self.logger)
        status = SystemdStatus(loop: loop, log: Self.logger)
        let settings = config.shown.settings
        router = InputRouter(
            settings: settings.input, surfaceSize: settings.previewSize, loop: loop,
            log: Self.logger,
            overlays: pipeline.overlays, orientation: pipeline.renderer.orientation,
            startDirect: { [loop] geometry, size in
                BackendFactory.directInput(
                    settings: geometry, nativeSize: size, loop: loop, log: Self.logger)
            })
        router.delegate = self
        try pipeline.overlays.expire(on: loop)
        pipeline.overlays.onChange = { [unowned self] in
            // A dialog opening or closing changes who sees the pages.
            syncAudience()
            output?.setNeedsFrame()
        }
        pipeline.renderer.surfaces.log = { [log] line in log.warning("\(line)") }
        for signal in [ProcessSignal.terminate, .interrupt] {
            try loop.onSignal(signal) { [unowned self] received in
                log.info("stopping on \(received.name)")
                status.stopping()
                loop.stop()
            }
        }
        try loop.onSignal(.hangup) { [unowned self] _ in reload(reason: "SIGHUP") }
        config.watch(loop: loop, log: log) { [unowned self] in reload(reason: "files changed") }
        idle.onHome = { [unowned self] quiet in idleHome(quiet: quiet) }
        idle.onScreensaver = { [unowned self] quiet in startScreensaver(quiet: quiet) }
        idle.onBlank = { [unowned self] _ in redrawAll() }
        schedule.onChange = { [unowned self] old, new in scheduleChanged(from: old, to: new) }
        applyServiceSettings()
        StartupTimeline.process.mark("setup")
    }

    /// Shows the home page fullscreen on the output and runs until a signal (exit code 0) or
    /// until the output goes away (1). `backend` is `kiosk-shell run --backend`: it overrides
    /// `[display] backend` (nil: the config decides).
    public func run(backend: OutputBackendChoice? = nil) -> KioskExitCode {
        let made: (output: any OutputBackend, seat: (any InputBackend)?)
        do {
            made = try BackendFactory.output(
                loop: loop, settings: config.shown.settings, title: "kiosk-shell",
                choice: backend, log: log)
        } catch {
            // Stopped before the display was up (waiting for the card): a stop, not a failure.
            if let stop = ProcessSignal.pendingStop {
                log.info("stopping on \(stop.name) (\(error.description))")
                return .success
            }
            log.error("\(error.description)")
            return .failure
        }
        connect(made.output)
        let compositor = pipeline.renderer.compositor
        compositor.pairTier = PairTier.forRun(memoryBytes: PairTier.physicalMemory)
        log.info("composing with \(counted(pipeline.renderer.threads, "thread"))")
        log.info(
            "turning faces drawn from \(compositor.pairTier.map { "their pair layouts (\($0) kernels)" } ?? "their row-major pixels") (KIOSK_PAIR_KERNELS)"
        )
        if let seat = made.seat { router.attach(seat: seat) } else { router.runWithoutSeat() }
        // libinput (direct input) starts once READY=1 is out (`frameFinished`): opening every
        // device took over a second of a panel's start and the first frame needs none of it.
        idle.arm()
        do {
            try loop.run()
        } catch {
            log.error("\(error.description)")
            exitCode = .failure
        }
        config.stopWatching()
        stopControl()
        idle.stop()
        schedule.stop()
        keeper.finishSaving()
        if let summary = output?.statisticsSummary { log.info("\(summary)") }
        router.stop()
        betweenFrames = nil
        output?.shutDown()
        output = nil
        return exitCode
    }

    private func connect(_ output: any OutputBackend) {
        self.output = output
        betweenFrames = BetweenFrames(
            wakeups: FrameWakeups(loop: loop) { [unowned self] in self.output?.setNeedsFrame() },
            ahead: SurfacesAhead(loop: loop, renderer: pipeline.renderer))
        output.onConfigure = { [unowned self] size, scale in
            configured(surfaceSize: size, scale: Double(scale))
        }
        output.onDraw = { [unowned self] frame, time in draw(into: frame, time: time) }
        output.onFrameFinished = { [unowned self] in frameFinished() }
        output.onPresented = { [unowned self] in framePresented() }
        output.onLost = { [unowned self] reason in
            log.error("\(reason)")
            exitCode = .failure
            loop.stop()
        }
        output.onSessionActive = { [unowned self] active in
            router.sessionChanged(active: active)
            if active { pipeline.invalidate() }
        }
        output.onCloseRequested = { [unowned self] in
            log.info("the compositor asked the window to close")
            loop.stop()
        }
    }

    /// The output was sized (native orientation): a new size or a turned output (width and
    /// height swapped) arrives the same way and the Navigator re-lays out keeping its navigation.
    private func configured(surfaceSize: Size, scale: Double) {
        StartupTimeline.process.mark("configure")
        let size = router.configured(surfaceSize: surfaceSize)
        if router.displayTransform != .normal {
            log.info(
                "display turned \(router.displayTransform): pages laid out at \(Int(size.width))x\(Int(size.height))"
            )
        }
        log.info("output \(Int(size.width))x\(Int(size.height)) at scale \(Int(scale))")
        pipeline.renderer.surfaces.scale = scale
        endScreensaver()
        if let navigator {
            navigator.resize(viewport: size, scale: scale)
        } else {
            guard let made = makeNavigator(config.shown, viewport: size, scale: scale) else {
                return
            }
            navigator = made
            if config.good != nil { restoreSavedNavigation() }
        }
        pipeline.overlays.place(viewport: size, scale: scale)
        pipeline.invalidate()
        output?.setNeedsFrame()
        StartupTimeline.process.mark("layout")
    }

    /// A navigator for `configuration` at the home page (or at `root`, the screensaver's page);
    /// nil (and the loop stopped with 78) when even that cannot be built, which a validated
    /// configuration rules out.
    func makeNavigator(
        _ configuration: KioskConfiguration, viewport: Size, scale: Double, root: PageID? = nil
    ) -> Navigator? {
        let renderer = pipeline.renderer
        do {
            // The schedule's home page, when the configuration shown has it (not the error page).
            let home =
                root ?? schedule.state.home.flatMap { configuration.pages[$0] != nil ? $0 : nil }
            let made = try Navigator(
                configuration: configuration, viewport: viewport, scale: scale, rootPage: home,
                panels: renderer)
            // Every container event, at debug (`NavigationEvent`); signals to the outside hook here.
            let log = self.log
            made.onEvent = { event in log.debug("navigation: \(event)") }
            made.advance(to: MonotonicClock.now)
            made.setAudience(audience, at: MonotonicClock.now)
            made.commandHandler = { [unowned self] command, page in carryOut(command, on: page) }
            made.controlHandler = { [unowned self] input, page in touched(input, on: page) }
            made.languageHandler = { [unowned self] code in requestLanguage(code) }
            LockedPagePrompt.install(on: made, overlays: pipeline.overlays, log: log)
            return made
        } catch {
            log.critical("cannot show the home page: \(error)")
            exitCode = .configError
            loop.stop()
            return nil
        }
    }

    /// At start (or when the first good config replaces the diagnostic page): the saved
    /// navigation, as far as it still fits (like a live reload).
    func restoreSavedNavigation() {
        guard let navigator else { return }
        keeper.restore(into: navigator)
        // A restart must not open what the PIN guarded: a locked page saved on screen goes home.
        if navigator.lockHandler != nil && navigator.showsLockedPage {
            log.info("the saved navigation shows a locked page; starting at home")
            navigator.perform(.home)
        }
    }

    /// Idle for `home_after` seconds: home, animated (behind the screensaver when it shows, so
    /// its end returns home).
    private func idleHome(quiet: Double) {
        // The next visitor is greeted in the default language: switched first, so the way home
        // is animated in it (the switch makes a new navigator).
        resetLanguage()
        guard config.good != nil, let navigator = day.screensaver.visitor ?? navigator else {
            return
        }
        // A visitor who walked away from a half-typed value leaves no pad for the next one.
        if let pad = pipeline.overlays.shown(at: .dialog) as? EntryOverlay {
            pipeline.overlays.remove(pad)
        }
        navigator.advance(to: MonotonicClock.now)
        // Staff who walked away from a locked page leave it locked for the next visitor.
        navigator.relockPages()
        if navigator.perform(.home) {
            log.info("idle for \(IdleService.seconds(quiet)) s: going home")
        }
        router.reportRefusal(of: navigator, quietly: true)
        output?.setNeedsFrame()
    }
}
