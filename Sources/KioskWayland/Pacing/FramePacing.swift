/// How regularly frames reached the screen while the app animated, from a series of frame times
/// (presentation times, or frame-callback times where the compositor answers no presentation
/// feedback).
///
/// A frame is *continuous* when it was drawn at once in answer to the previous frame's
/// `wl_surface.frame` callback, i.e. the app had a frame waiting for that vblank (an animation or
/// a finger moving). Only continuous frames measure pacing: the interval from the previous frame
/// to one of them is one refresh when it made its vblank, and longer when it missed it. The first
/// frame after an idle period starts a new run and measures nothing.
///
/// A compositor may repaint more slowly than the refresh its output reports. Weston 10's
/// headless backend reports 60 Hz (a 16.7 ms refresh) but finishes each frame 16 ms after its
/// repaint (a timer) and starts the next repaint one refresh after that minus its repaint window
/// (7 ms): one frame per 16 + 16.7 − 7 ≈ 25.7 ms, about 39 fps, however early the client commits
/// (Tests/EndToEnd/pacing-weston.sh measures it). Counted against 16.7 ms every such frame looked
/// "missed" (129 of 139 in one run). `compositorCadence` recognises that case, and the summary
/// then counts misses against the compositor's own cadence.
public struct FramePacing: Equatable, Sendable {
    /// Frame times recorded.
    public private(set) var frames = 0
    /// Continuous frames shown later than 1.5 reported refreshes after the previous frame.
    public private(set) var missed = 0
    /// Continuous frames measured, and the seconds they spanned.
    public private(set) var continuousFrames = 0
    public private(set) var continuousSeconds = 0.0
    /// Longest and shortest interval between a continuous frame and the one before it (seconds).
    public private(set) var longestInterval = 0.0
    public private(set) var shortestInterval = Double.infinity
    /// The shortest refresh period recorded (seconds; 0 when none was known).
    public private(set) var refresh = 0.0
    /// Continuous intervals in 10 µs bins (a few hundred distinct values at most).
    private var intervals: [Int: Int] = [:]
    private var last: Double?

    /// Continuous frames needed before the cadence is judged.
    public static let framesForCadence = 8

    public init() {}

    /// Frames per second while frames were continuous (nil before two such frames).
    public var framesPerSecond: Double? {
        continuousSeconds > 0 ? Double(continuousFrames) / continuousSeconds : nil
    }

    /// Records a frame shown at `time` seconds (any fixed base), with the output's refresh period
    /// in seconds (0 when unknown: then nothing counts as missed).
    public mutating func record(at time: Double, refresh: Double, continuous: Bool) {
        frames += 1
        defer { last = time }
        if refresh > 0 && refresh.isFinite {
            self.refresh = self.refresh > 0 ? min(self.refresh, refresh) : refresh
        }
        guard continuous, let last, time > last else { return }
        let interval = time - last
        continuousFrames += 1
        continuousSeconds += interval
        longestInterval = max(longestInterval, interval)
        shortestInterval = min(shortestInterval, interval)
        intervals[Int((interval * 100_000).rounded()), default: 0] += 1
        if refresh > 0 && interval > 1.5 * refresh { missed += 1 }
    }

    /// The next frame starts a new run (a frame was lost between them).
    public mutating func breakRun() {
        last = nil
    }

    /// The compositor's own frame interval when it never showed two continuous frames within 1.5
    /// reported refreshes (over at least `framesForCadence` of them): the shortest interval seen.
    /// Nil when the refresh is unknown or frames came at it. A client too slow for every vblank
    /// looks the same from here; `FrameStatistics` rules that out with the drawing time.
    public var compositorCadence: Double? {
        guard refresh > 0, continuousFrames >= Self.framesForCadence,
            shortestInterval > 1.5 * refresh
        else { return nil }
        return shortestInterval
    }

    /// Continuous frames shown later than 1.5 `period`s after the previous one (to 10 µs).
    public func missed(against period: Double) -> Int {
        let limit = 1.5 * period * 100_000
        return intervals.reduce(0) { sum, entry in
            Double(entry.key) > limit ? sum + entry.value : sum
        }
    }
}
