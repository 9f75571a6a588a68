/// Which touches and keys reach the navigation, and where: the runner's rules, kept apart from
/// the event loop so they can be tested.
///
/// - The compositor sizes the window in the panel's native (unturned) orientation; the pages are
///   laid out in the logical size the display transform gives.
/// - A compositor touch arrives in window coordinates and goes through the `TouchMapper`
///   (normalised against the window, calibration, touch transform).
/// - A libinput touch is mapped by the libinput source with the same mapper.
/// - With `source = "libinput"` the compositor's touches and keys are ignored (the shell reads
///   the devices itself; a compositor that also has them would deliver each touch twice).
/// - With `source = "both"` libinput touch ids are offset by `libinputTouchIDOffset`, so a finger
///   on each source never shares an id.
public struct InputRouting: Hashable, Sendable {
    public let settings: InputSettings
    /// Maps touches from either source into the Navigator's logical pixels.
    public private(set) var mapper: TouchMapper

    public static let libinputTouchIDOffset: Int32 = 1000

    public init(settings: InputSettings, surfaceSize: Size) {
        self.settings = settings
        mapper = TouchMapper(settings: settings.geometry, nativeSize: surfaceSize)
    }

    /// The window's size as the compositor configured it (native orientation, logical pixels).
    public var surfaceSize: Size { mapper.nativeSize }

    public var displayTransform: DisplayTransform { settings.geometry.displayTransform }

    /// A configure sized the window (a new size, a turned output, an output back after going
    /// away): returns the Navigator's upright viewport.
    public mutating func configured(surfaceSize: Size) -> Size {
        mapper.nativeSize = surfaceSize
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

    /// A libinput touch (already in logical pixels) with its id moved clear of compositor ids
    /// when both sources run.
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
