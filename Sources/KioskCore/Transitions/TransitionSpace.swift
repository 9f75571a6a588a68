/// The container a transition plays in, at the size it has now: its centre, the perspective and
/// the scale of the seed's fixed z distances.
struct TransitionSpace {
    let width: Double
    let height: Double
    let center: Point
    /// Eye distance in pixels (see `Transition.eyeDistance(for:)`).
    let eyeDistance: Double
    /// The seed's z constants are in points for an eye at 1 000 pt; multiplying them by this
    /// keeps every picture the same at any container size.
    let zScale: Double
    let perspective: Matrix4

    init(size: Size) {
        width = Self.sane(size.width)
        height = Self.sane(size.height)
        center = Point(x: width / 2, y: height / 2)
        eyeDistance = Transition.eyeDistance(for: Size(width: width, height: height))
        zScale = eyeDistance / Transition.seedEyeDistance
        perspective = .perspective(eyeDistance: eyeDistance, center: center)
    }

    var size: Size { Size(width: width, height: height) }

    /// Negative, infinite or NaN sizes (an unconfigured surface) behave as 0.
    static func sane(_ v: Double) -> Double { v.isFinite && v > 0 ? v : 0 }

    /// The container's extent along the orientation's axis.
    func extent(_ orientation: TransitionOrientation) -> Double {
        orientation.isVertical ? height : width
    }

    /// `m` applied about `pivot` (a point of the container's 3-D space).
    func about(_ pivot: Point, z: Double = 0, _ m: Matrix4) -> Matrix4 {
        Matrix4.translation(x: -pivot.x, y: -pivot.y, z: -z).then(m)
            .then(.translation(x: pivot.x, y: pivot.y, z: z))
    }

    /// `m` applied about the container's centre, as Core Animation applies a layer's transform
    /// about its anchor point.
    func aboutCenter(_ m: Matrix4) -> Matrix4 { about(center, m) }

    /// A rotation about the axis of the orientation (Y for horizontal motion, X for vertical)
    /// through the centre, at depth `axisZ`.
    func hinge(_ orientation: TransitionOrientation, angle: Double, axisZ: Double = 0) -> Matrix4 {
        about(center, z: axisZ, orientation.rotation(angle))
    }

    /// A point on the edge of the container in the direction (dx, dy) from the centre.
    func edge(dx: Double, dy: Double) -> Point {
        Point(x: center.x + dx * width / 2, y: center.y + dy * height / 2)
    }
}

extension TransitionOrientation {
    var isVertical: Bool { self == .topToBottom || self == .bottomToTop }

    /// Unit direction from which incoming content enters (where it starts, relative to rest).
    var entry: (dx: Double, dy: Double) {
        switch self {
        case .rightToLeft: (1, 0)
        case .leftToRight: (-1, 0)
        case .topToBottom: (0, -1)
        case .bottomToTop: (0, 1)
        }
    }

    /// +1 for right-to-left and top-to-bottom, -1 for the others: the sign of the seed's hinge
    /// angles (a positive angle swings the far edge back for RTL about Y and TTB about X).
    var hingeSign: Double {
        switch self {
        case .rightToLeft, .topToBottom: 1
        case .leftToRight, .bottomToTop: -1
        }
    }

    /// Rotation about Y (horizontal orientations) or X (vertical ones).
    func rotation(_ angle: Double) -> Matrix4 {
        isVertical ? .rotationX(angle) : .rotationY(angle)
    }
}
