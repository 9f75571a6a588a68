/// How time maps to the eased fraction within one animation or one keyframe segment.
public enum TimingCurve: Hashable, Sendable {
    case linear
    case bezier(CubicBezier)

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
