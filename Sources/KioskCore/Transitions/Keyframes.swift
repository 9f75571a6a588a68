/// A keyframed scalar, as a `CAKeyframeAnimation` with `values`, `keyTimes` and per-segment
/// `timingFunctions`.
public struct Keyframes: Hashable, Sendable {
    public var values: [Double]
    /// Times of the values, increasing from 0 to 1; one per value.
    public var times: [Double]
    /// One curve per segment (`values.count - 1`); a shorter list repeats its last curve
    /// (linear when empty).
    public var curves: [TimingCurve]

    /// Keyframes at evenly spaced times (CA's default when `keyTimes` is nil).
    public init(_ values: [Double], curves: [TimingCurve] = []) {
        precondition(!values.isEmpty, "keyframes need at least one value")
        self.values = values
        let segments = values.count - 1
        times = (0..<values.count).map { segments == 0 ? 0 : Double($0) / Double(segments) }
        self.curves = curves
    }

    /// Keyframes at the given times.
    public init(_ values: [Double], times: [Double], curves: [TimingCurve] = []) {
        precondition(!values.isEmpty && values.count == times.count, "one time per keyframe value")
        self.values = values
        self.times = times
        self.curves = curves
    }

    /// `[0, peak, 0]` with ADTransition's circle timing: a sine-like bump that peaks at half time.
    public static func circle(peak: Double) -> Keyframes {
        Keyframes([0, peak, 0], curves: [.circleRise, .circleFall])
    }

    /// `[from, via, to]` with the circle timing (the z dips and swings of Flip, Swap and Glue).
    public static func circle(_ from: Double, _ via: Double, _ to: Double) -> Keyframes {
        Keyframes([from, via, to], curves: [.circleRise, .circleFall])
    }

    /// The value at `time` (clamped into 0...1).
    public func value(at time: Double) -> Double {
        let t = time.isNaN ? 0 : min(max(time, 0), 1)
        guard values.count > 1 else { return values[0] }
        var segment = 0
        while segment < values.count - 2 && t > times[segment + 1] { segment += 1 }
        let start = times[segment]
        let span = times[segment + 1] - start
        let local = span > 0 ? (t - start) / span : 1
        let curve = curves.isEmpty ? .linear : curves[min(segment, curves.count - 1)]
        let eased = curve.value(at: local)
        return values[segment] + (values[segment + 1] - values[segment]) * eased
    }
}
