import KioskCore
import KioskPlatform
import Logging

#if canImport(Glibc)
    import Glibc
#endif

/// Why an output could not be started; one line.
public struct BackendError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// The one place that names concrete backends: the runner and the calibration screen ask here
/// for an output and the input sources, and see only `OutputBackend` and `InputBackend`.
enum BackendFactory {
    /// The output for `run` and `calibrate`, attached to `loop`: `choice` (the command line's
    /// `--backend`) or else `[display] backend`, with `auto` meaning Wayland when
    /// `WAYLAND_DISPLAY` is set and DRM/KMS otherwise. A Wayland window brings the compositor's
    /// seat as an input source; DRM has none (touch and keys come from libinput).
    static func output(
        loop: EventLoop, settings: KioskSettings, title: String, choice: OutputBackendChoice? = nil,
        log: Logger
    ) throws(BackendError) -> (output: any OutputBackend, seat: (any InputBackend)?) {
        let wanted = choice ?? settings.output.backend
        switch wanted.resolved(
            waylandDisplay: getenv("WAYLAND_DISPLAY").map { String(cString: $0) })
        {
        case .drm:
            let backend = try DRMOutputBackend(loop: loop, settings: settings, log: log)
            return (backend, nil)
        case .wayland, .auto:
            let backend = try WaylandOutputBackend(
                loop: loop, settings: settings, title: title, log: log)
            StartupTimeline.process.mark("compositor")
            return (backend, backend.seat)
        }
    }

    /// The direct input source `settings` ask for (`[input] source = "libinput"` or `"both"`),
    /// mapping to `nativeSize` until told otherwise; nil when libinput cannot start (logged; the
    /// shell keeps showing pages).
    static func directInput(
        settings: InputGeometrySettings, nativeSize: Size, loop: EventLoop, log: Logger
    ) -> (any InputBackend)? {
        LibinputInput.start(settings: settings, nativeSize: nativeSize, loop: loop, log: log)
    }
}
