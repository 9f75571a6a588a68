import Glibc

/// One measured operation: its median wall time over the repetitions.
public struct BenchmarkResult: Hashable, Sendable {
    public var name: String
    public var medianMs: Double

    public init(name: String, medianMs: Double) {
        self.name = name
        self.medianMs = medianMs
    }
}

/// Times closures on the monotonic clock: a few warm-up runs, then the median of the rest, which
/// shrugs off the odd descheduled run on a shared machine.
public struct BenchmarkRunner: Sendable {
    /// Runs discarded before measuring (caches, page faults, lazy setup).
    public var warmUp: Int

    public init(warmUp: Int = 3) {
        self.warmUp = max(0, warmUp)
    }

    /// Runs `body` `warmUp + repetitions` times and returns the median of the timed runs.
    public func measure(name: String, repetitions: Int = 21, body: () -> Void) -> BenchmarkResult {
        for _ in 0..<warmUp { body() }
        let count = max(1, repetitions)
        var samples: [Double] = []
        samples.reserveCapacity(count)
        for _ in 0..<count {
            let start = BenchmarkRunner.nanoseconds()
            body()
            samples.append(Double(BenchmarkRunner.nanoseconds() - start) / 1_000_000)
        }
        samples.sort()
        let mid = samples.count / 2
        let median = samples.count % 2 == 1 ? samples[mid] : (samples[mid - 1] + samples[mid]) / 2
        return BenchmarkResult(name: name, medianMs: median)
    }

    /// CLOCK_MONOTONIC in nanoseconds.
    public static func nanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }
}
