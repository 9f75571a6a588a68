/// How the upright picture relates to the panel's own (native, unrotated) pixel grid: one of the
/// eight `wl_output.transform` values, with the same names, numbers and meaning.
///
/// The transform is what is applied to the upright (logical) picture to get the image in the
/// panel's native scan-out order, as `wl_surface.set_buffer_transform` describes a buffer the
/// client "has already applied the transform to": rotate the picture counter-clockwise by
/// `rotationDegrees` (y down, as on screen), after first mirroring it about a vertical axis when
/// `isFlipped` (the protocol's "initial flip around a vertical axis followed by rotation").
///
/// Physically, `.rotated90` fits a panel mounted turned 90° clockwise (its native top edge on the
/// viewer's right), `.rotated270` one turned 90° counter-clockwise, `.rotated180` one upside down
/// — the same sense as weston's `transform=rotate-90`.
public enum DisplayTransform: Int, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case normal = 0
    case rotated90 = 1
    case rotated180 = 2
    case rotated270 = 3
    case flipped = 4
    case flipped90 = 5
    case flipped180 = 6
    case flipped270 = 7

    /// The `wl_output.transform` name: "normal", "90", …, "flipped-270".
    public var name: String {
        switch self {
        case .normal: "normal"
        case .rotated90: "90"
        case .rotated180: "180"
        case .rotated270: "270"
        case .flipped: "flipped"
        case .flipped90: "flipped-90"
        case .flipped180: "flipped-180"
        case .flipped270: "flipped-270"
        }
    }

    public var description: String { name }

    /// Every accepted spelling, canonical names first (for "did you mean" suggestions).
    public static let acceptedNames: [String] =
        allCases.map(\.name) + [
            "0", "rotate-90", "rotate-180", "rotate-270", "flipped-rotate-90",
            "flipped-rotate-180", "flipped-rotate-270"
        ]

    /// Parses a `wl_output.transform` name, also accepting weston.ini's spellings ("rotate-90",
    /// "flipped-rotate-270") and "0" for normal. Nil for anything else.
    public init?(name: String) {
        switch name {
        case "normal", "0": self = .normal
        case "90", "rotate-90": self = .rotated90
        case "180", "rotate-180": self = .rotated180
        case "270", "rotate-270": self = .rotated270
        case "flipped": self = .flipped
        case "flipped-90", "flipped-rotate-90": self = .flipped90
        case "flipped-180", "flipped-rotate-180": self = .flipped180
        case "flipped-270", "flipped-rotate-270": self = .flipped270
        default: return nil
        }
    }

    /// The transform with this counter-clockwise rotation (0, 90, 180 or 270; other values give
    /// nil) and optional initial mirror.
    public init?(rotationDegrees: Int, flipped: Bool) {
        guard rotationDegrees % 90 == 0,
            let transform = DisplayTransform(rawValue: rotationDegrees / 90 + (flipped ? 4 : 0)),
            (0...270).contains(rotationDegrees)
        else { return nil }
        self = transform
    }

    /// The transform for a `wl_output.transform` value (0...7), nil otherwise.
    public init?(wlOutputTransform value: UInt32) {
        guard value < 8 else { return nil }
        self.init(rawValue: Int(value))
    }

    /// The `wl_output.transform` value, also what to pass to `wl_surface.set_buffer_transform` when
    /// the buffer was drawn through `drawingTransform(nativeSize:)`.
    public var wlOutputTransform: UInt32 { UInt32(rawValue) }

    /// Counter-clockwise rotation in degrees, applied after the mirror.
    public var rotationDegrees: Int { (rawValue % 4) * 90 }

    /// True for the four transforms that mirror first.
    public var isFlipped: Bool { rawValue >= 4 }

    /// True when width and height trade places between native and logical (90° and 270°).
    public var swapsAxes: Bool { rawValue % 2 == 1 }

    /// The transform that undoes this one. Mirrored transforms undo themselves; 90 and 270 swap.
    public var inverse: DisplayTransform {
        switch self {
        case .rotated90: .rotated270
        case .rotated270: .rotated90
        default: self
        }
    }

    /// The upright (logical) size of a panel whose native pixel grid is `native`.
    public func logicalSize(forNative native: Size) -> Size {
        swapsAxes ? Size(width: native.height, height: native.width) : native
    }

    /// The native size that shows `logical` upright.
    public func nativeSize(forLogical logical: Size) -> Size {
        // Swapping is its own inverse.
        logicalSize(forNative: logical)
    }

    /// Logical (upright) pixels to native panel pixels, for a panel of native size `nativeSize`.
    /// Set it as the drawing matrix (cairo CTM) of a native-size buffer and draw upright content:
    /// the panel shows it upright.
    public func drawingTransform(nativeSize: Size) -> Affine2D {
        let w = nativeSize.width
        let h = nativeSize.height
        // Derived from the protocol text (mirror about the vertical axis, then rotate CCW in y-down
        // coordinates); DisplayTransformTests re-derive each row step by step and by hand.
        switch self {
        case .normal: return Affine2D(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0)
        case .rotated90: return Affine2D(a: 0, b: 1, c: 0, d: -1, e: 0, f: h)
        case .rotated180: return Affine2D(a: -1, b: 0, c: w, d: 0, e: -1, f: h)
        case .rotated270: return Affine2D(a: 0, b: -1, c: w, d: 1, e: 0, f: 0)
        case .flipped: return Affine2D(a: -1, b: 0, c: w, d: 0, e: 1, f: 0)
        case .flipped90: return Affine2D(a: 0, b: 1, c: 0, d: 1, e: 0, f: 0)
        case .flipped180: return Affine2D(a: 1, b: 0, c: 0, d: 0, e: -1, f: h)
        case .flipped270: return Affine2D(a: 0, b: -1, c: w, d: -1, e: 0, f: h)
        }
    }

    /// Native panel pixels back to logical pixels: the inverse of `drawingTransform(nativeSize:)`.
    public func pointTransform(nativeSize: Size) -> Affine2D {
        // The inverse of a transform is the transform's `inverse` on the logical-size grid.
        inverse.drawingTransform(nativeSize: logicalSize(forNative: nativeSize))
    }

    /// `drawingTransform(nativeSize:)` as a `Matrix4` (for composing with scene transforms).
    public func drawingMatrix(nativeSize: Size) -> Matrix4 {
        drawingTransform(nativeSize: nativeSize).matrix4
    }

    /// `pointTransform(nativeSize:)` as a `Matrix4`.
    public func pointMatrix(nativeSize: Size) -> Matrix4 {
        pointTransform(nativeSize: nativeSize).matrix4
    }

    /// Where logical point `p` is drawn in the native pixel grid.
    public func nativePoint(fromLogical p: Point, nativeSize: Size) -> Point {
        drawingTransform(nativeSize: nativeSize).apply(p)
    }

    /// The logical point drawn at native pixel `p`.
    public func logicalPoint(fromNative p: Point, nativeSize: Size) -> Point {
        pointTransform(nativeSize: nativeSize).apply(p)
    }
}
