import KioskCore
import KioskInput
import KioskPlatform

/// The runner's display and touch geometry, and the libinput source when one is used. Kept apart
/// from `KioskRunner` so the rules are testable without a compositor:
///
/// - the compositor sizes the window in the panel's native (unturned) orientation; the pages are
///   laid out in the logical size the display transform gives, and drawn turned;
/// - a compositor touch arrives in window coordinates and goes through the `TouchMapper`
///   (display transform, touch transform, calibration, normalised against the window);
/// - a libinput touch is normalised by libinput and goes through the same mapper;
/// - with `source = "libinput"` the compositor's touches and keys are ignored (the shell reads
///   the devices itself, and a compositor that also has them would deliver each touch twice).
public final class RunnerGeometry {
    public let settings: InputSettings
    /// The window's size as the compositor configured it (native orientation, logical pixels).
    public private(set) var surfaceSize: Size
    /// Maps touches from either source into the Navigator's logical pixels.
    public private(set) var mapper: TouchMapper
    var libinput: LibinputSource?
    var libinputSource: EventLoop.SourceID?
    var retryTimer: EventLoop.TimerID?

    /// Libinput touch ids are offset by this with `source = "both"`, so a finger on each source
    /// never shares an id.
    public static let libinputTouchIDOffset: Int32 = 1000

    public init(settings: InputSettings, initialSurfaceSize: Size) {
        self.settings = settings
        surfaceSize = initialSurfaceSize
        mapper = TouchMapper(settings: settings.geometry, nativeSize: initialSurfaceSize)
    }

    public var displayTransform: DisplayTransform { settings.geometry.displayTransform }

    /// A configure sized the window: returns the Navigator's (logical, upright) viewport.
    public func configured(surfaceSize size: Size) -> Size {
        surfaceSize = size
        mapper.nativeSize = size
        libinput?.mapper = mapper
        return mapper.logicalSize
    }

    /// A compositor touch in logical pixels, or nil when compositor input is not used.
    public func fromCompositor(_ event: TouchEvent) -> TouchEvent? {
        guard settings.source != .libinput else { return nil }
        return mapper.isIdentityForSurface ? event : mapper.mapSurfaceTouch(event)
    }

    /// A compositor key, or nil when compositor input is not used.
    public func fromCompositor(_ event: KeyEvent) -> KeyEvent? {
        settings.source == .libinput ? nil : event
    }

    /// A libinput touch (already in logical pixels), its id moved clear of compositor ids when
    /// both sources run.
    public func fromLibinput(_ event: TouchEvent) -> TouchEvent {
        guard settings.source == .both else { return event }
        let offset = Self.libinputTouchIDOffset
        switch event {
        case .down(let id, let p, let t): return .down(id: id + offset, position: p, time: t)
        case .motion(let id, let p, let t): return .motion(id: id + offset, position: p, time: t)
        case .up(let id, let t): return .up(id: id + offset, time: t)
        case .cancel, .frame: return event
        }
    }
}
