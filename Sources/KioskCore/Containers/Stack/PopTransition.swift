/// Which transition a pop uses.
public enum PopTransition: Hashable, Sendable {
    /// The transition the top page was pushed with, played backwards (ADTransitionController §5.4).
    case reverseOfPush
    /// No animation.
    case none
    /// This transition, played backwards.
    case custom(TransitionSpec)
}
