/// How long a wake takes as the visitor sees it: from the touch (or key) that lit a dark
/// display (idle blank, or off by the schedule or remotely) to the first lit frame on the glass.
/// The wake path marks the touch; the frame path reports the lit frame's commit; the output's
/// presentation report (a DRM page flip completing, a compositor's wp_presentation) ends it.
/// An output that has never reported a presentation (memory, a compositor without
/// wp_presentation, sway 1.7 headless) ends it at the commit, and the line says so.
struct WakeLatency {
    /// The monotonic time of the touch that woke the display, until a lit frame is shown.
    private var touchedAt: Double?
    /// A lit frame went out after the touch; the output's next presentation report shows it.
    private var awaitingPresentation = false

    /// A touch at `time` (monotonic seconds) woke a dark display. A second wake before any frame
    /// keeps the first touch: the visitor has been waiting since then.
    mutating func woke(touchedAt time: Double) {
        if touchedAt == nil { touchedAt = time }
    }

    /// A lit frame was committed at `time`. With `presentationReported` (the output has reported
    /// a presentation before) the wake waits for the next report and this returns nil; without,
    /// the milliseconds since the waking touch, once per wake (nil when no wake waits).
    mutating func litFrameCommitted(at time: Double, presentationReported: Bool) -> Int? {
        guard touchedAt != nil else { return nil }
        if presentationReported {
            awaitingPresentation = true
            return nil
        }
        return finish(at: time)
    }

    /// The output reported a frame shown at `time`: the milliseconds since the waking touch when
    /// a lit frame was waiting for it, once per wake.
    mutating func presented(at time: Double) -> Int? {
        guard awaitingPresentation else { return nil }
        return finish(at: time)
    }

    private mutating func finish(at time: Double) -> Int? {
        guard let touched = touchedAt else { return nil }
        touchedAt = nil
        awaitingPresentation = false
        return Int(((time - touched) * 1000).rounded())
    }

    /// The log line for a wake that took `milliseconds`, ended by the output's report of the
    /// frame shown (`presented`) or, where it reports none, by the commit.
    static func line(milliseconds: Int, presented: Bool) -> String {
        "display: woke in \(milliseconds) ms (touch → first lit frame), "
            + (presented
                ? "as the output reported it shown"
                : "at its commit (the output reports no presentation)")
    }
}
