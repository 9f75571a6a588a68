/// How regularly frames reached the screen while the app animated, from a series of frame times
/// (presentation times, or frame-callback times where the compositor answers no presentation
/// feedback).
///
/// A frame is *continuous* when it was drawn at once in answer to the previous frame's
/// `wl_surface.frame` callback, i.e. the app had a frame waiting for that vblank (an animation or
/// a finger moving). Only continuous frames measure pacing: the interval from the previous frame
/// to one of them is one refresh when it made its vblank, and longer when it missed it. The first
/// frame after an idle period starts a new run and measures nothing.
public struct FramePacing: Equatable, Sendable {
    /// Frame times recorded.
    public private(set) var frames = 0
    /// Continuous frames shown later than 1.5 refreshes after the previous frame.
    public private(set) var missed = 0
    /// Continuous frames measured, and the seconds they spanned.
    public private(set) var continuousFrames = 0
    public private(set) var continuousSeconds = 0.0
    /// Longest interval between a continuous frame and the one before it (seconds).
    public private(set) var longestInterval = 0.0
    private var last: Double?

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
        guard continuous, let last, time > last else { return }
        let interval = time - last
        continuousFrames += 1
        continuousSeconds += interval
        longestInterval = max(longestInterval, interval)
        if refresh > 0 && interval > 1.5 * refresh { missed += 1 }
    }

    /// The next frame starts a new run (a frame was lost between them).
    public mutating func breakRun() {
        last = nil
    }
}
