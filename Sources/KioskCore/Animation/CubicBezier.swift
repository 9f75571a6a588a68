/// A cubic-bézier timing curve from (0, 0) to (1, 1) with two control points, as Core Animation's
/// `CAMediaTimingFunction(controlPoints:)`: time runs along x, the eased fraction along y.
public struct CubicBezier: Hashable, Sendable {
    public var x1: Double
    public var y1: Double
    public var x2: Double
    public var y2: Double

    /// Control points as CA takes them; x1 and x2 are clamped into 0...1 so that x(t) stays
    /// monotonic and every time has exactly one eased value.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = min(max(x1, 0), 1)
        self.y1 = y1
        self.x2 = min(max(x2, 0), 1)
        self.y2 = y2
    }

    /// The eased fraction at `time` (clamped into 0...1): solves x(t) = time for the curve
    /// parameter t, then returns y(t).
    public func value(at time: Double) -> Double {
        guard time > 0 else { return 0 }
        guard time < 1 else { return 1 }
        return Self.coordinate(solveParameter(forX: time), y1, y2)
    }

    /// The curve parameter t whose x equals `x` (0 < x < 1).
    func solveParameter(forX x: Double) -> Double {
        // Newton from t = x converges in a few steps on ordinary curves; flat spots (x'(t) ≈ 0,
        // possible when a control x sits at 0 or 1) fall back to bisection, which always works
        // because x(t) is monotonic on [0, 1].
        var t = x
        for _ in 0..<8 {
            let error = Self.coordinate(t, x1, x2) - x
            if abs(error) < 1e-12 { return t }
            let slope = Self.derivative(t, x1, x2)
            guard abs(slope) > 1e-6 else { break }
            let next = t - error / slope
            guard next >= 0, next <= 1 else { break }
            t = next
        }
        var low = 0.0
        var high = 1.0
        t = x
        for _ in 0..<64 {
            let value = Self.coordinate(t, x1, x2)
            if abs(value - x) < 1e-13 { break }
            if value < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return t
    }

    /// One coordinate of the curve with end points 0 and 1 and control values `c1`, `c2`.
    static func coordinate(_ t: Double, _ c1: Double, _ c2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * c1 + 3 * u * t * t * c2 + t * t * t
    }

    static func derivative(_ t: Double, _ c1: Double, _ c2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * c1 + 6 * u * t * (c2 - c1) + 3 * t * t * (1 - c2)
    }
}
