import Glibc
import KioskConfig
import KioskCore
import KioskPlatform
import KioskRender
import Logging

/// `kiosk-shell calibrate`: shows targets one after another on the compositor, solves the
/// calibration from the touches, shows a check screen, then writes `calibration = […]` into
/// kiosk.toml (or prints it).
///
/// Touches come from the configured source, mapped with the display and touch rotation but no
/// calibration: compositor touches are normalised against the window, libinput touches are
/// libinput's own normalised coordinates, so the matrix suits the source the kiosk runs with.
/// Lines on stdout say where each target is drawn in window coordinates (for scripts and tests).
///
/// Its screens are Scenes (`CalibrationScreen`) drawn by the run's `FramePipeline` (damage,
/// repair, compose), turned by the renderer's `DisplayOrientation`, which also places the
/// announced targets.
public final class KioskCalibration {
    let configuration: KioskConfiguration
    let options: (points: Int, printOnly: Bool)
    let loop: EventLoop
    let log = Logger(label: "kiosk")
    let pipeline: FramePipeline
    /// The configured rotation and source, without the calibration being measured.
    var routing: InputRouting
    var output: (any OutputBackend)?
    var direct: (any InputBackend)?
    var session: CalibrationSession?
    var scale = 1.0
    var exitCode: KioskExitCode = .success
    /// What was announced last, so each phase prints once.
    private var announced: CalibrationSession.Phase?

    public init(configuration: KioskConfiguration, points: Int, printOnly: Bool)
        throws(PlatformError)
    {
        self.configuration = configuration
        options = (min(max(points, 4), 9), printOnly)
        loop = try EventLoop()
        var input = configuration.settings.input
        input.geometry.calibration = .identity
        routing = InputRouting(settings: input, surfaceSize: configuration.settings.previewSize)
        let orientation = DisplayOrientation(routing.displayTransform)
        pipeline = FramePipeline(
            renderer: FrameRenderer(
                configuration: configuration, scale: 1, orientation: orientation))
        for signal in [ProcessSignal.terminate, .interrupt] {
            try loop.onSignal(signal) { [unowned self] _ in
                emit("calibration cancelled; kiosk.toml unchanged")
                exitCode = .failure
                loop.stop()
            }
        }
    }

    public func run() -> KioskExitCode {
        let made: (output: any OutputBackend, seat: (any InputBackend)?)
        do {
            made = try BackendFactory.output(
                loop: loop, settings: configuration.settings, title: "kiosk-shell calibrate",
                log: log)
        } catch {
            log.error("\(error.description)")
            return .failure
        }
        let output = made.output
        self.output = output
        output.onConfigure = { [unowned self] size, scale in
            configured(surface: size, scale: Double(scale))
        }
        output.onDraw = { [unowned self] frame, _ in draw(into: frame) }
        output.onLost = { [unowned self] reason in
            log.error("\(reason)")
            exitCode = .failure
            loop.stop()
        }
        output.onCloseRequested = { [unowned self] in cancel() }
        made.seat?.onTouch = { [unowned self] event in
            if let e = routing.fromCompositor(event) { handle(e) }
        }
        made.seat?.onKey = { [unowned self] key in
            if key.isPressed && key.key == .escape { cancel() }
        }
        startDirectInput(seatless: made.seat == nil)
        do {
            try loop.run()
        } catch {
            log.error("\(error.description)")
            exitCode = .failure
        }
        direct?.stop()
        direct = nil
        output.shutDown()
        self.output = nil
        return exitCode
    }

    private func cancel() {
        emit("calibration cancelled; kiosk.toml unchanged")
        exitCode = .failure
        loop.stop()
    }

    private func startDirectInput(seatless: Bool) {
        guard routing.settings.source != .wayland || seatless else { return }
        guard
            let direct = BackendFactory.directInput(
                settings: routing.settings.geometry, nativeSize: routing.surfaceSize, loop: loop,
                log: log)
        else {
            log.error("calibrating with the compositor's touches only")
            return
        }
        direct.follow(routing.mapper)
        direct.onTouch = { [unowned self] touch in handle(routing.fromLibinput(touch)) }
        direct.start()
        self.direct = direct
    }

    private func configured(surface: Size, scale: Double) {
        self.scale = scale
        pipeline.renderer.surfaces.scale = scale
        pipeline.invalidate()
        _ = routing.configured(surfaceSize: surface)
        direct?.follow(routing.mapper)
        // A new size invalidates the touches so far: targets move.
        session = CalibrationSession(mapper: routing.mapper, points: options.points)
        announced = nil
        announce()
        output?.setNeedsFrame()
    }

    private func handle(_ event: TouchEvent) {
        guard let before = session?.phase else { return }
        guard session?.handle(event) == true, let session else { return }
        // Starting over shows target 1 again: announce it again.
        if session.phase == .target(index: 0) && before != .target(index: 0) { announced = nil }
        announce()
        if case .saved(let calibration) = session.phase {
            finish(calibration, pairs: session.pairs)
            return
        }
        output?.setNeedsFrame()
    }

    /// Prints where the next thing to touch is, in window coordinates.
    private func announce() {
        guard let session, session.phase != announced else { return }
        announced = session.phase
        let transform = pipeline.renderer.orientation.transform
        let surface = routing.surfaceSize
        func window(_ p: Point) -> String {
            let q = transform.nativePoint(fromLogical: p, nativeSize: surface)
            return "\(Self.format(q.x)) \(Self.format(q.y))"
        }
        switch session.phase {
        case .target(let index):
            if index == 0, let error = session.lastError { emit("again: \(error)") }
            emit(
                "target \(index + 1)/\(session.targets.count) at \(window(session.targets[index]))")
        case .check(let calibration):
            emit(
                "solved \(CalibrationWriter.line(for: calibration)) rms \(Self.format(calibration.rootMeanSquareError(for: session.pairs)))"
            )
            emit(
                "check: again at \(window(session.buttonRects[0].center)) save at \(window(session.buttonRects[1].center))"
            )
        case .saved:
            break
        }
    }

    private func finish(_ calibration: TouchCalibration, pairs: [CalibrationPair]) {
        let line = CalibrationWriter.line(for: calibration)
        if options.printOnly {
            emit(line)
        } else {
            let path = configuration.directory + "/kiosk.toml"
            do {
                guard let bytes = try AtomicFile.read(path, limit: ConfigLoader.maximumFileSize)
                else {
                    throw PlatformError.systemCall(call: "open \(path)", reason: "no such file")
                }
                let text = String(decoding: bytes, as: UTF8.self)
                let updated = try CalibrationWriter.updating(text, with: calibration)
                try Self.replace(path: path, with: updated)
                emit("wrote \(line) to \(path)")
            } catch let error as CalibrationWriteError {
                log.error("\(error.description)")
                emit(line)
                exitCode = .failure
            } catch {
                log.error("cannot write \(path): \(error)")
                emit(line)
                exitCode = .failure
            }
        }
        loop.stop()
    }

    /// Writes next to the file, syncs it and renames it over the old one, keeping its
    /// permissions: a crash or power cut mid-write never leaves half a kiosk.toml.
    static func replace(path: String, with text: String) throws(PlatformError) {
        var info = stat()
        let mode = stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0o644
        try AtomicFile.write(Array(text.utf8), to: path, mode: mode)
    }

    private func draw(into frame: OutputFrame) -> [Rect] {
        guard let session else { return [] }
        let scene = CalibrationScreen(theme: configuration.settings.theme, scale: scale).scene(
            for: session)
        return pipeline.draw(scene, into: frame, now: WallClockTime.now())
    }

    private func emit(_ line: String) {
        StandardStream.output.write(line + "\n")
    }

    static func format(_ v: Double) -> String {
        let r = (v * 10).rounded() / 10
        return r == r.rounded() ? String(Int(r)) : "\(r)"
    }
}

extension KioskCalibration {
    /// Entry point of `kiosk-shell calibrate`: loads the config (it must be usable: the result is
    /// written into it) and runs the calibration.
    public static func start(configDirectory: String, points: Int, printOnly: Bool) -> KioskExitCode
    {
        let log = Logger(label: "kiosk")
        let result = ConfigLoader.load(directory: configDirectory)
        guard let configuration = result.configuration, !result.hasErrors else {
            for error in result.errors { log.error("\(error.description)") }
            log.critical(
                "\(configDirectory): unusable config (\(result.errors.count) errors); fix it before calibrating"
            )
            return .configError
        }
        // As `run`: typed in a terminal with nowhere to draw, say so instead of waiting.
        if let refused = DisplayPresence.refusal(wanted: configuration.settings.output.backend) {
            return refused
        }
        do {
            return try KioskCalibration(
                configuration: configuration, points: points, printOnly: printOnly
            ).run()
        } catch {
            log.critical("\(error.description)")
            return .failure
        }
    }
}
