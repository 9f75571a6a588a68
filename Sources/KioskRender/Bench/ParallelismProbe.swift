// Ownership: each probe allocates its buffers and its one helper thread, and frees and joins
// them before returning; the helper gets a retained box (released when it ends).
#if canImport(Glibc)
    import Glibc
#endif

/// How much two threads of this machine get done at once compared with one: the same fixed
/// piece of work run alone, then on two threads at the same time (each its own copy). A ratio
/// of 1.0 is two real cores; 2.0 is one core's worth shared (SMT siblings, an overcommitted
/// host, a shared memory bus). `bench` prints it beside the compositor's thread ratio, so a
/// frame that does not get faster on two threads can be told from a pool that does not split.
public enum ParallelismProbe {
    /// Medians in milliseconds, and the ratios `together / alone` (1.0: perfect scaling).
    public struct Result: Sendable {
        public var computeAlone: Double
        public var computeTogether: Double
        public var memoryAlone: Double
        public var memoryTogether: Double
        public var computeRatio: Double { computeTogether / max(computeAlone, 1e-9) }
        public var memoryRatio: Double { memoryTogether / max(memoryAlone, 1e-9) }
    }

    /// Runs each workload `repetitions` times alone and two at a time (medians). The memory
    /// workload fills and reads back a buffer of `memoryBytes` per thread (far beyond the caches).
    public static func measure(repetitions: Int = 5, memoryBytes: Int = 32 << 20) -> Result {
        let a = UnsafeMutableRawPointer.allocate(byteCount: memoryBytes, alignment: 64)
        let b = UnsafeMutableRawPointer.allocate(byteCount: memoryBytes, alignment: 64)
        defer {
            a.deallocate()
            b.deallocate()
        }
        // Touch every page first, so the timed runs measure bandwidth, not page faults.
        memset(a, 1, memoryBytes)
        memset(b, 1, memoryBytes)
        let compute: @Sendable (UnsafeMutableRawPointer) -> Void = { _ in spin() }
        let memory: @Sendable (UnsafeMutableRawPointer) -> Void = { p in
            stream(p, bytes: memoryBytes)
        }
        func median(_ body: () -> Double) -> Double {
            let samples = (0..<max(1, repetitions)).map { _ in body() }.sorted()
            return samples[samples.count / 2]
        }
        return Result(
            computeAlone: median { timed { compute(a) } },
            computeTogether: median { together(compute, a, b) },
            memoryAlone: median { timed { memory(a) } },
            memoryTogether: median { together(memory, a, b) })
    }

    /// A fixed chain of dependent integer operations (about 10 ms on the development machine);
    /// no memory traffic.
    @inline(never)
    static func spin() {
        var x: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<6_000_000 {
            x ^= x << 13
            x ^= x >> 7
            x ^= x << 17
        }
        blackHole(x)
    }

    /// Fills `bytes` at `p` and sums them back: memory bandwidth, as compositing a frame uses it.
    @inline(never)
    static func stream(_ p: UnsafeMutableRawPointer, bytes: Int) {
        memset(p, 7, bytes)
        let words = p.assumingMemoryBound(to: UInt64.self)
        var sum: UInt64 = 0
        for i in stride(from: 0, to: bytes / 8, by: 8) { sum &+= words[i] }
        blackHole(sum)
    }

    @inline(never)
    static func blackHole(_ x: UInt64) {
        if x == 42 { print("", terminator: "") }
    }

    private static func timed(_ body: () -> Void) -> Double {
        let start = BenchmarkRunner.nanoseconds()
        body()
        return Double(BenchmarkRunner.nanoseconds() - start) / 1_000_000
    }

    /// `work` on a helper thread (on `second`) and on the caller (on `first`) at once: the time
    /// until both are done. Falls back to one after the other when no thread can be started.
    private static func together(
        _ work: @escaping @Sendable (UnsafeMutableRawPointer) -> Void,
        _ first: UnsafeMutableRawPointer,
        _ second: UnsafeMutableRawPointer
    ) -> Double {
        let start = BenchmarkRunner.nanoseconds()
        let thread = startThread { work(second) }
        if thread == nil { work(second) }
        work(first)
        if let thread { pthread_join(thread, nil) }
        return Double(BenchmarkRunner.nanoseconds() - start) / 1_000_000
    }
}
