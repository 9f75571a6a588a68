/// Turns digitizer coordinates into logical pixels of the upright picture:
///
///     normalised device point (0...1 on the digitizer's own axes)
///       -> calibration (libinput matrix semantics, still 0...1 in the digitizer frame)
///       -> scaled to the digitizer frame, the logical size seen through `touchTransform`
///       -> `touchTransform`'s point transform -> logical pixels, clamped to the panel
///
/// The touch transform says how the digitizer's axes relate to the upright picture, exactly as
/// the display transform does for the panel's pixel grid. By default it follows the display
/// transform, which is right when the digitizer is glued to the panel (the usual case, and the
/// peers' top complaint: "the display rotates, the touch doesn't"). Set it separately for
/// "rotate display only" (the digitizer already reports upright: `.normal`) or "rotate touch
/// only" (the compositor or firmware rotates the picture, so the display transform is `.normal`,
/// but the digitizer still reports in the panel's native axes).
public struct TouchMapper: Hashable, Sendable {
    /// The panel's native (unrotated) pixel size, as the display transform sees it.
    public var nativeSize: Size
    public var displayTransform: DisplayTransform
    public var touchTransform: DisplayTransform
    public var calibration: TouchCalibration

    /// `touchTransform` nil follows `displayTransform`.
    public init(
        nativeSize: Size, displayTransform: DisplayTransform = .normal,
        touchTransform: DisplayTransform? = nil, calibration: TouchCalibration = .identity
    ) {
        self.nativeSize = nativeSize
        self.displayTransform = displayTransform
        self.touchTransform = touchTransform ?? displayTransform
        self.calibration = calibration
    }

    /// A mapper for a panel of native size `nativeSize` configured by `settings`.
    public init(settings: InputGeometrySettings, nativeSize: Size) {
        self.init(
            nativeSize: nativeSize, displayTransform: settings.displayTransform,
            touchTransform: settings.touchTransform, calibration: settings.calibration)
    }

    /// The upright size in logical pixels: what the pages are laid out in.
    public var logicalSize: Size { displayTransform.logicalSize(forNative: nativeSize) }

    /// The size of the digitizer's frame in pixels: the logical size seen through the touch
    /// transform (the native size when the touch follows the display).
    public var deviceFrameSize: Size { touchTransform.nativeSize(forLogical: logicalSize) }

    /// The logical point under a touch at normalised device coordinates `normalised`, clamped to
    /// the panel so a digitizer that overshoots its edge (or a calibration that pushes past it)
    /// never yields negative or out-of-panel coordinates.
    public func logicalPoint(fromDeviceNormalised normalised: Point) -> Point {
        let p = unclampedLogicalPoint(fromDeviceNormalised: normalised)
        let size = logicalSize
        return Point(x: clamp(p.x, 0, size.width), y: clamp(p.y, 0, size.height))
    }

    /// As `logicalPoint(fromDeviceNormalised:)`, without clamping.
    public func unclampedLogicalPoint(fromDeviceNormalised normalised: Point) -> Point {
        let corrected = calibration.apply(normalised)
        let frame = deviceFrameSize
        let devicePixel = Point(x: corrected.x * frame.width, y: corrected.y * frame.height)
        return touchTransform.logicalPoint(fromNative: devicePixel, nativeSize: frame)
    }

    /// Where a finger on logical point `p` appears in normalised device coordinates *after*
    /// calibration: the target point a calibration run pairs with the raw touch
    /// (`CalibrationPair.target`). Zero when the panel size is empty.
    public func deviceNormalisedPoint(forLogical p: Point) -> Point {
        let frame = deviceFrameSize
        guard !frame.isEmpty else { return .zero }
        let devicePixel = touchTransform.nativePoint(fromLogical: p, nativeSize: frame)
        return Point(x: devicePixel.x / frame.width, y: devicePixel.y / frame.height)
    }

    private func clamp(_ v: Double, _ low: Double, _ high: Double) -> Double {
        // NaN (from a broken calibration) goes to the low edge instead of travelling on.
        guard v >= low else { return low }
        return min(v, max(low, high))
    }
}
