#if canImport(Glibc)
    import Glibc
#endif

/// CLOCK_MONOTONIC in seconds: the one time base for frames, input and timers (wall-clock jumps
/// must not disturb animations).
public enum MonotonicClock {
    /// Seconds since an arbitrary, fixed point (boot on Linux).
    public static var now: Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1_000_000_000
    }
}
