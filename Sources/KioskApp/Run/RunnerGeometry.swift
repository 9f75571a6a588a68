import KioskCore
import KioskInput
import KioskPlatform

/// The runner's input routing (`InputRouting`: rotation, touch mapping, which source counts) and
/// the libinput source with its loop registrations when one is used.
public final class RunnerGeometry {
    public private(set) var routing: InputRouting
    var libinput: LibinputSource?
    var libinputSource: EventLoop.SourceID?
    var retryTimer: EventLoop.TimerID?

    public init(settings: InputSettings, initialSurfaceSize: Size) {
        routing = InputRouting(settings: settings, surfaceSize: initialSurfaceSize)
    }

    public var settings: InputSettings { routing.settings }
    public var surfaceSize: Size { routing.surfaceSize }
    public var mapper: TouchMapper { routing.mapper }
    public var displayTransform: DisplayTransform { routing.displayTransform }

    /// A configure sized the window: returns the Navigator's viewport; libinput maps to it too.
    public func configured(surfaceSize size: Size) -> Size {
        let logical = routing.configured(surfaceSize: size)
        libinput?.mapper = routing.mapper
        return logical
    }

    public func fromCompositor(_ event: TouchEvent) -> TouchEvent? { routing.fromCompositor(event) }
    public func fromCompositor(_ event: KeyEvent) -> KeyEvent? { routing.fromCompositor(event) }
    public func fromLibinput(_ event: TouchEvent) -> TouchEvent { routing.fromLibinput(event) }
}
