#if canImport(Glibc)
    import Glibc
#endif
import Synchronization

/// Where the start of `kiosk-shell run` goes: named phases, each ended by `mark(_:)`, measured on
/// the monotonic clock from the process's start as the kernel recorded it (its fork: under
/// systemd that includes the unit's sandbox, set up before exec). One line of it is logged when
/// READY=1 goes out, so a slow start on a panel says which part was slow:
/// `started in 812 ms: loader 90, arguments 5, config 40, setup 30, seat 120, …`.
///
/// Process-wide because the phases happen in different modules (the DRM seat and card are set up
/// in KioskDRM, the config is read in KioskApp); marks after `finish()` are ignored, and cost one
/// atomic load: the draw and present marks sit on paths taken every frame.
public final class StartupTimeline: Sendable {
    /// The one timeline of this process.
    public static let process = StartupTimeline(
        origin: processStartMonotonic() ?? MonotonicClock.now)

    private struct State {
        var phases: [(name: String, end: Double)] = []
        var finished: Double?
    }

    /// Monotonic seconds of time zero (the process's exec).
    public let origin: Double
    private let state = Mutex(State())
    /// Set by `finish`: later marks return before reading the clock or taking the lock.
    private let finished = Atomic<Bool>(false)

    /// A timeline starting at `origin` (monotonic seconds); tests pass their own.
    public init(origin: Double) {
        self.origin = origin
    }

    /// Ends phase `name` at `now` (default: the clock, read only while the timeline is open; it
    /// began where the previous one ended). Only the first mark of a name counts: a call on a path
    /// taken every frame marks the first frame only.
    public func mark(_ name: String, at now: Double? = nil) {
        guard !finished.load(ordering: .acquiring) else { return }
        let now = now ?? MonotonicClock.now
        state.withLock { state in
            guard state.finished == nil, !state.phases.contains(where: { $0.name == name }) else {
                return
            }
            state.phases.append((name, now))
        }
    }

    /// Ends the last phase and closes the timeline; later marks are ignored. Returns the summary.
    @discardableResult
    public func finish(_ last: String, at now: Double? = nil) -> String {
        let now = now ?? MonotonicClock.now
        mark(last, at: now)
        state.withLock { state in
            if state.finished == nil { state.finished = now }
        }
        finished.store(true, ordering: .releasing)
        return summary
    }

    /// Milliseconds from the process's start to `finish` (or to the last mark).
    public var totalMilliseconds: Int {
        state.withLock { state in
            Self.milliseconds((state.finished ?? state.phases.last?.end ?? origin) - origin)
        }
    }

    /// The phases in order with their durations in milliseconds.
    public var phases: [(name: String, milliseconds: Int)] {
        state.withLock { state in
            var start = origin
            return state.phases.map { phase in
                defer { start = max(start, phase.end) }
                return (phase.name, Self.milliseconds(max(0, phase.end - start)))
            }
        }
    }

    /// `started in 812 ms: launch 90, config 40, …` (milliseconds from the process's start).
    public var summary: String {
        let parts = phases.map { "\($0.name) \($0.milliseconds)" }.joined(separator: ", ")
        return "started in \(totalMilliseconds) ms: \(parts)"
    }

    /// Milliseconds since the process started (for a phase logged after `finish`).
    public func millisecondsSinceStart(at now: Double = MonotonicClock.now) -> Int {
        Self.milliseconds(now - origin)
    }

    private static func milliseconds(_ seconds: Double) -> Int {
        Int((seconds * 1000).rounded())
    }

    /// The process's start on the monotonic clock: /proc/self/stat's starttime (clock ticks since
    /// boot, CLOCK_BOOTTIME) moved by the boot clock's lead over the monotonic one (time spent
    /// suspended). Nil when /proc is not readable.
    static func processStartMonotonic() -> Double? {
        let fd = open("/proc/self/stat", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 1024)
        let count = read(fd, &bytes, bytes.count)
        guard count > 0 else { return nil }
        let line = String(decoding: bytes[..<count], as: UTF8.self)
        // The command name (field 2) may hold spaces and parentheses: count from its last ')'.
        guard let close = line.lastIndex(of: ")") else { return nil }
        let fields = line[line.index(after: close)...].split(separator: " ")
        // fields[0] is field 3 (state); starttime is field 22.
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        let hertz = Double(sysconf(Int32(_SC_CLK_TCK)))
        guard hertz > 0 else { return nil }
        var boot = timespec()
        var monotonic = timespec()
        clock_gettime(CLOCK_BOOTTIME, &boot)
        clock_gettime(CLOCK_MONOTONIC, &monotonic)
        let suspended =
            (Double(boot.tv_sec) + Double(boot.tv_nsec) / 1e9)
            - (Double(monotonic.tv_sec) + Double(monotonic.tv_nsec) / 1e9)
        return ticks / hertz - suspended
    }
}
