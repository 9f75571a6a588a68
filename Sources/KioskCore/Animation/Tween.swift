/// A value moving from `from` to `to` over `duration` seconds starting at `start`, along a curve.
/// Pure: ask it for the value at any time.
public struct Tween: Hashable, Sendable {
    public var from: Double
    public var to: Double
    /// Seconds (same time base as `advance(to:)`).
    public var start: Double
    /// Seconds; 0 or less means the tween is already at `to`.
    public var duration: Double
    public var curve: TimingCurve

    public init(
        from: Double, to: Double, start: Double, duration: Double, curve: TimingCurve = .linear
    ) {
        self.from = from
        self.to = to
        self.start = start
        self.duration = duration
        self.curve = curve
    }

    /// Linear time fraction 0…1 at `time`.
    public func fraction(at time: Double) -> Double {
        guard duration > 0 else { return 1 }
        let f = (time - start) / duration
        return f < 0 ? 0 : (f > 1 ? 1 : f)
    }

    /// The eased value at `time`; exactly `to` once finished.
    public func value(at time: Double) -> Double {
        let f = fraction(at: time)
        if f >= 1 { return to }
        return from + (to - from) * curve.apply(f)
    }

    /// True once `time` reached `start + duration`.
    public func isFinished(at time: Double) -> Bool { fraction(at: time) >= 1 }

    /// The time the tween reaches `to`.
    public var end: Double { start + max(0, duration) }
}

/// Linear interpolation between two numbers.
@inlinable
public func interpolate(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
