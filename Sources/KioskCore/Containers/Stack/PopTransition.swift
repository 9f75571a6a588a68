/// Which transition a pop uses.
public enum PopTransition: Hashable, Sendable {
    /// The transition the top page was pushed with, played backwards (ADTransitionController §5.4).
    case reverseOfPush
    /// No animation.
    case none
    /// This transition, played backwards.
    case custom(TransitionSpec)
}

extension PopTransition {
    /// A row's `back_transition` or a `back` row's `transition` over a stack whose own is `base`.
    init(_ override: TransitionOverride, over base: TransitionSpec?) {
        self = override.applied(to: base).map { .custom($0) } ?? .none
    }
}
