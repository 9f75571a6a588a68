/// How time maps to the eased fraction within one animation or one keyframe segment: the curves
/// the seeds use. Time is always handed in by the caller; nothing here reads a clock.
public enum TimingCurve: Hashable, Sendable {
    /// Constant speed (GKLCubeViewController's display-link turn, ADTransition's animations).
    case linear
    case bezier(CubicBezier)

    /// Core Animation's ease-in-ease-out (0.42, 0) (0.58, 1), UIView's default
    /// (SGBDrillDownController's 0.33 s moves, CLFStackContainerViewController's slides).
    public static let easeInOut = TimingCurve.bezier(CubicBezier(0.42, 0, 0.58, 1))
    /// Core Animation's ease-out (0, 0) (0.58, 1).
    public static let easeOut = TimingCurve.bezier(CubicBezier(0, 0, 0.58, 1))

    /// Any cubic Bézier from (0, 0) to (1, 1) through two control points.
    public static func cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double) -> TimingCurve {
        .bezier(CubicBezier(x1, y1, x2, y2))
    }

    /// The eased value for a linear time fraction `t` (clamped; NaN counts as 0).
    public func apply(_ t: Double) -> Double { value(at: t) }

    /// The eased fraction at `time` (clamped into 0...1).
    public func value(at time: Double) -> Double {
        let t = time.isNaN ? 0 : min(max(time, 0), 1)
        switch self {
        case .linear: return t
        case .bezier(let curve): return curve.value(at: t)
        }
    }

    /// κ of the four-bézier circle: a quarter circle is approximated by control points at κ·r.
    public static let circleKappa = 4.0 / 3.0 * (2.0.squareRoot() - 1) / 2.0.squareRoot()

    /// First segment of ADTransition's "circle approximation": a rising quarter sine, x rescaled
    /// by π/2 so that the start tangent is the sine's (seed-behaviour.md §5.2).
    public static let circleRise = TimingCurve.bezier(
        CubicBezier(circleKappa / (pi / 2), circleKappa, 1 - circleKappa, 1))

    /// Second segment of the circle approximation: the falling quarter, mirrored.
    public static let circleFall = TimingCurve.bezier(
        CubicBezier(circleKappa, 0, 1 - circleKappa / (pi / 2), 1 - circleKappa))
}
