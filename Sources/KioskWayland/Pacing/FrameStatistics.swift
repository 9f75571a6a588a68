/// What a window's frames did: drawn, committed, and how they were paced — measured from
/// `wp_presentation` feedback where the compositor answers it, else from the times of the
/// `wl_surface.frame` callbacks (sway 1.7's headless backend offers wp_presentation but never
/// reports a frame as presented).
public struct FrameStatistics: Equatable, Sendable {
    /// Times the app was asked to draw.
    public var drawn = 0
    /// Frames committed to the compositor (a draw that changed nothing commits nothing).
    public var committed = 0
    /// Whether the compositor offers `wp_presentation`.
    public var presentationOffered = false
    /// Frames the compositor reported as shown (wp_presentation).
    public var presentation = FramePacing()
    /// Frames the compositor replaced by a newer one before showing them.
    public var discarded = 0
    /// Feedback requests given up on because the compositor did not answer them.
    public var unanswered = 0
    /// Frame callbacks (always available).
    public var callbacks = FramePacing()
    /// Seconds the app spent drawing, in total and at most for one frame.
    public var drawingSeconds = 0.0
    public var longestDraw = 0.0

    public init() {}

    /// Whether pacing comes from presentation feedback (false: from frame callbacks).
    public var pacedByPresentation: Bool { presentation.frames > 0 }

    /// The pacing the summary reports.
    public var pacing: FramePacing { pacedByPresentation ? presentation : callbacks }

    /// The compositor's frame interval when it repaints more slowly than its output's refresh
    /// (weston 10 headless: about 25.7 ms at a reported 16.7 ms, see `FramePacing`), provided the
    /// app drew in well under half a refresh on average: a slow app would show the same
    /// intervals, and its late frames are real misses. Nil otherwise.
    public var compositorCadence: Double? {
        let pacing = self.pacing
        guard let cadence = pacing.compositorCadence, drawn > 0,
            drawingSeconds / Double(drawn) < 0.5 * pacing.refresh
        else { return nil }
        return cadence
    }

    /// Continuous frames that missed their chance: against the compositor's cadence where it is
    /// slower than its refresh (`compositorCadence`), else against the reported refresh.
    public var missed: Int {
        if let cadence = compositorCadence { return pacing.missed(against: cadence) }
        return pacing.missed
    }

    /// One line for the log, e.g. "frames: 612 drawn, 610 committed, 610 presented, 0 missed,
    /// 60.0 fps while animating (longest interval 17.1 ms; wp_presentation)"; under a compositor
    /// slower than its refresh the parenthesis adds "the compositor repaints every 25.7 ms, not
    /// every 16.7 ms as its output reports".
    public var summary: String {
        var line = "frames: \(drawn) drawn, \(committed) committed"
        let source: String
        if pacedByPresentation {
            line += ", \(presentation.frames) presented, \(discarded) discarded"
            source = "wp_presentation"
        } else {
            source =
                presentationOffered
                ? "frame callbacks; the compositor answered no wp_presentation feedback"
                : "frame callbacks; the compositor offers no wp_presentation"
        }
        let pacing = self.pacing
        line += ", \(missed) missed"
        var paced = source
        if let cadence = compositorCadence {
            paced +=
                "; the compositor repaints every \(Self.decimal(cadence * 1000)) ms, not every \(Self.decimal(pacing.refresh * 1000)) ms as its output reports"
        }
        if let fps = pacing.framesPerSecond {
            line +=
                ", \(Self.decimal(fps)) fps while animating (longest interval \(Self.decimal(pacing.longestInterval * 1000)) ms; \(paced))"
        } else {
            line += " (\(source))"
        }
        if drawn > 0 {
            line +=
                "; drawing took \(Self.decimal(drawingSeconds / Double(drawn) * 1000)) ms per frame, \(Self.decimal(longestDraw * 1000)) ms at most"
        }
        return line
    }

    /// `value` with one decimal, e.g. "59.9".
    static func decimal(_ value: Double) -> String {
        let tenths = Int((max(0, value) * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
