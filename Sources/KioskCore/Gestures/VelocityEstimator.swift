/// Estimates a finger's velocity (px/s) from timed position samples by a least-squares line fit
/// over the most recent `window` seconds.
///
/// Robustness rules (input comes from hardware and may be odd):
/// - A sample with the same time as the newest one replaces its position (latest wins), so
///   duplicate timestamps never produce a zero time step.
/// - A sample older than the newest one is treated as having the newest time (then as above).
/// - Non-finite samples are ignored. Fewer than two distinct times in the window give zero, and a
///   non-finite result (absurd coordinates) is reported as zero.
/// - If the finger rested longer than `window` before the evaluation time, the window holds at
///   most one sample and the velocity is zero: lifting a finger that stopped is not a flick.
public struct VelocityEstimator: Hashable, Sendable {
    struct Sample: Hashable, Sendable {
        var time: Double
        var position: Point
    }

    /// Seconds of history used for the fit.
    public var window: Double
    private var samples: [Sample] = []

    /// Upper bound on stored samples: more than this inside one window means > 600 Hz input; the
    /// oldest are dropped, which only shortens the effective window.
    static let capacity = 64

    /// Window bounds are inclusive with this tolerance (seconds), so a sample exactly `window` old
    /// is not lost to rounding (10.3 − 0.1 is 10.200000000000001 in binary floating point).
    static let timeTolerance = 1e-9

    public init(window: Double = 0.1) {
        self.window = window
    }

    /// Number of stored samples (after merging duplicates and pruning), for tests and diagnostics.
    public var sampleCount: Int { samples.count }

    public mutating func reset() {
        samples.removeAll(keepingCapacity: true)
    }

    /// Adds a finger position at `time` (seconds).
    public mutating func add(_ position: Point, time: Double) {
        guard position.x.isFinite, position.y.isFinite, time.isFinite else { return }
        if let last = samples.last, time <= last.time {
            samples[samples.count - 1].position = position
            return
        }
        samples.append(Sample(time: time, position: position))
        // Keep samples inside the window of the newest one; evaluation may use a later time.
        let oldest = time - window - Self.timeTolerance
        if let firstKept = samples.firstIndex(where: { $0.time >= oldest }), firstKept > 0 {
            samples.removeFirst(firstKept)
        }
        if samples.count > Self.capacity {
            samples.removeFirst(samples.count - Self.capacity)
        }
    }

    /// The velocity at `time` from the samples in [time − window, time], px/s.
    public func velocity(at time: Double) -> Point {
        guard time.isFinite else { return .zero }
        let oldest = time - window - Self.timeTolerance
        var count = 0.0
        var sumT = 0.0
        var sumX = 0.0
        var sumY = 0.0
        // Times are taken relative to `time` so a large monotonic clock value loses no precision.
        for s in samples where s.time >= oldest && s.time <= time {
            count += 1
            sumT += s.time - time
            sumX += s.position.x
            sumY += s.position.y
        }
        guard count >= 2 else { return .zero }
        let meanT = sumT / count
        let meanX = sumX / count
        let meanY = sumY / count
        var stt = 0.0
        var stx = 0.0
        var sty = 0.0
        for s in samples where s.time >= oldest && s.time <= time {
            let dt = (s.time - time) - meanT
            stt += dt * dt
            stx += dt * (s.position.x - meanX)
            sty += dt * (s.position.y - meanY)
        }
        guard stt > 0 else { return .zero }
        let v = Point(x: stx / stt, y: sty / stt)
        guard v.x.isFinite, v.y.isFinite else { return .zero }
        return v
    }
}
