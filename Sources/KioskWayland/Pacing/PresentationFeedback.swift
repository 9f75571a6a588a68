import CWayland

// Ownership: a PresentationFeedback owns one wp_presentation_feedback proxy and destroys it in
// deinit. The window keeps every pending one in a list and drops it when `presented` or
// `discarded` arrives (the protocol destroys the object on the server side after either), or
// when the window goes away, so no event reaches a freed owner.

private nonisolated(unsafe) let feedbackListener = UnsafeMutablePointer<
    wp_presentation_feedback_listener
>.permanent(
    wp_presentation_feedback_listener(
        sync_output: { _, _, _ in },
        presented: { data, _, secondsHigh, secondsLow, nanoseconds, refresh, _, _, _ in
            let seconds = Double(UInt64(secondsHigh) << 32 | UInt64(secondsLow))
            callbackOwner(data, as: PresentationFeedback.self).finish(
                presentedAt: seconds + Double(nanoseconds) / 1e9, refresh: Double(refresh) / 1e9)
        },
        discarded: { data, _ in
            callbackOwner(data, as: PresentationFeedback.self).finish(presentedAt: nil, refresh: 0)
        }))

/// The compositor's answer about one committed frame (wp_presentation_feedback).
final class PresentationFeedback {
    private let proxy: OpaquePointer
    /// Whether the frame was drawn in answer to the previous frame's callback (FrameStatistics).
    let continuous: Bool
    /// Called once with the presentation time (nil: discarded) and the refresh period, seconds.
    private let onFinish: (PresentationFeedback, Double?, Double) -> Void

    /// Requests feedback for the next commit of `surface`; call just before `wl_surface_commit`.
    init?(
        presentation: OpaquePointer, surface: OpaquePointer, continuous: Bool,
        onFinish: @escaping (PresentationFeedback, Double?, Double) -> Void
    ) {
        guard let proxy = wp_presentation_feedback(presentation, surface) else { return nil }
        self.proxy = proxy
        self.continuous = continuous
        self.onFinish = onFinish
        wp_presentation_feedback_add_listener(proxy, feedbackListener, callbackData(self))
    }

    fileprivate func finish(presentedAt time: Double?, refresh: Double) {
        onFinish(self, time, refresh)
    }

    deinit {
        wp_presentation_feedback_destroy(proxy)
    }
}
