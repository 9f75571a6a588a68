import KioskCore
import KioskPlatform
import Logging

/// Why an output could not be started; one line.
public struct BackendError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// The one place that names concrete backends: the runner and the calibration screen ask here
/// for an output and the input sources, and see only `OutputBackend` and `InputBackend`. A DRM/KMS
/// output is one more case here.
enum BackendFactory {
    /// The output for `run` and `calibrate`: a fullscreen window on the compositor in
    /// `WAYLAND_DISPLAY`, attached to `loop`, with the compositor's seat as an input source.
    static func output(
        loop: EventLoop, settings: KioskSettings, title: String
    ) throws(BackendError) -> (output: any OutputBackend, seat: any InputBackend) {
        let backend = try WaylandOutputBackend(loop: loop, settings: settings, title: title)
        return (backend, backend.seat)
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
