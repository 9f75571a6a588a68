/// How long a wake takes as the visitor sees it: from the touch (or key) that lit a dark
/// display (idle blank, or off by the schedule or remotely) to the first frame presented on it
/// after. The wake path marks the touch, the frame-presented path finishes it, once per wake.
struct WakeLatency {
    /// The monotonic time of the touch that woke the display, until a lit frame is presented.
    private var touchedAt: Double?

    /// A touch at `time` (monotonic seconds) woke a dark display. A second wake before any frame
    /// keeps the first touch: the visitor has been waiting since then.
    mutating func woke(touchedAt time: Double) {
        if touchedAt == nil { touchedAt = time }
    }

    /// A lit frame was presented at `time`: the milliseconds since the waking touch, once per
    /// wake (nil when no wake is waiting for its frame).
    mutating func litFramePresented(at time: Double) -> Int? {
        guard let touched = touchedAt else { return nil }
        touchedAt = nil
        return Int(((time - touched) * 1000).rounded())
    }

    /// The log line for a wake that took `milliseconds`.
    static func line(milliseconds: Int) -> String {
        "display: woke in \(milliseconds) ms (touch → first lit frame)"
    }
}
