/// How an animation's progress maps time to value: the curves the seed libraries use.
///
/// Everything in KioskCore takes time as plain `Double` seconds handed in by the caller
/// (`advance(to:)`); no type here reads a clock, so tests drive animations with exact times.
public enum TimingCurve: Hashable, Sendable {
    /// Constant speed (GKLCubeViewController's display-link turn, ADTransition's animations).
    case linear
    /// Core Animation's ease-in-ease-out, cubic Bézier (0.42, 0) (0.58, 1): the UIView default
    /// (SGBDrillDownController's 0.33 s moves, CLFStackContainerViewController's slides).
    case easeInOut
    /// Core Animation's ease-out, cubic Bézier (0, 0) (0.58, 1).
    case easeOut
    /// Any cubic Bézier from (0, 0) to (1, 1) through the two control points.
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)

    /// The eased value for a linear time fraction `t` (clamped to 0…1); 0 ↦ 0 and 1 ↦ 1 exactly.
    public func apply(_ t: Double) -> Double {
        if !(t > 0) { return 0 }
        if t >= 1 { return 1 }
        switch self {
        case .linear: return t
        case .easeInOut: return Self.bezier(t, 0.42, 0, 0.58, 1)
        case .easeOut: return Self.bezier(t, 0, 0, 0.58, 1)
        case .cubicBezier(let x1, let y1, let x2, let y2): return Self.bezier(t, x1, y1, x2, y2)
        }
    }

    /// Solves x(u) = t for the curve parameter u by bisection (x is monotonic for control x in
    /// 0…1), then returns y(u). Bisection to 1e-12 is deterministic and needs no derivative.
    private static func bezier(
        _ t: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double
    ) -> Double {
        func coordinate(_ u: Double, _ p1: Double, _ p2: Double) -> Double {
            let v = 1 - u
            return 3 * v * v * u * p1 + 3 * v * u * u * p2 + u * u * u
        }
        var low = 0.0
        var high = 1.0
        var u = t
        for _ in 0..<60 {
            u = (low + high) / 2
            let x = coordinate(u, x1, x2)
            if abs(x - t) < 1e-12 { break }
            if x < t { low = u } else { high = u }
        }
        return coordinate(u, y1, y2)
    }
}
