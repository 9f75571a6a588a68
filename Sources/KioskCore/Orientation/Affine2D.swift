/// A 2D affine map in the row form libinput uses for its calibration matrix:
///
///     x' = a·x + b·y + c
///     y' = d·x + e·y + f
///
/// For cairo, `cairo_matrix_init(&m, a, d, b, e, c, f)` sets the same map (cairo's argument order
/// is xx, yx, xy, yy, x0, y0).
public struct Affine2D: Hashable, Sendable, CustomStringConvertible {
    public var a: Double, b: Double, c: Double
    public var d: Double, e: Double, f: Double

    public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.e = e
        self.f = f
    }

    public static let identity = Affine2D(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0)

    /// The six values in libinput's order: a b c d e f.
    public var values: [Double] { [a, b, c, d, e, f] }

    /// Where `p` lands.
    public func apply(_ p: Point) -> Point {
        Point(x: a * p.x + b * p.y + c, y: d * p.x + e * p.y + f)
    }

    /// This map followed by `next` (`next.apply(self.apply(p))`), like `Matrix4.then(_:)`.
    public func then(_ next: Affine2D) -> Affine2D {
        Affine2D(
            a: next.a * a + next.b * d, b: next.a * b + next.b * e,
            c: next.a * c + next.b * f + next.c,
            d: next.d * a + next.e * d, e: next.d * b + next.e * e,
            f: next.d * c + next.e * f + next.f)
    }

    /// The determinant of the linear part; 0 means the map squashes the plane onto a line.
    public var determinant: Double { a * e - b * d }

    /// The inverse map, or nil when the map is singular (or not finite).
    public var inverse: Affine2D? {
        let det = determinant
        guard det.isFinite, abs(det) > 1e-12 else { return nil }
        let ia = e / det
        let ib = -b / det
        let id = -d / det
        let ie = a / det
        return Affine2D(a: ia, b: ib, c: -(ia * c + ib * f), d: id, e: ie, f: -(id * c + ie * f))
    }

    /// The same map as a `Matrix4` acting on the z = 0 plane (z and w pass through).
    public var matrix4: Matrix4 {
        Matrix4(rows: [[a, b, 0, c], [d, e, 0, f], [0, 0, 1, 0], [0, 0, 0, 1]])
    }

    /// True when every coefficient is within `tolerance` of the other's.
    public func isClose(to other: Affine2D, tolerance: Double = 1e-9) -> Bool {
        zip(values, other.values).allSatisfy { abs($0 - $1) <= tolerance }
    }

    public var description: String { values.map { "\($0)" }.joined(separator: " ") }
}
