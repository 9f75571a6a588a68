/// A transition a row or tile asks for instead of its container's (`transition = "…"` and
/// `back_transition = "…"` in the config): a kind, or none (no animation); the orientation and
/// duration it does not name come from the container's own transition.
public struct TransitionOverride: Hashable, Sendable, CustomStringConvertible {
    /// nil = no animation.
    public var kind: TransitionKind?
    public var orientation: TransitionOrientation?
    public var duration: Double?

    public init(
        kind: TransitionKind?, orientation: TransitionOrientation? = nil, duration: Double? = nil
    ) {
        self.kind = kind
        self.orientation = orientation
        self.duration = duration
    }

    /// No animation.
    public static let none = TransitionOverride(kind: nil)

    /// The transition to run over a container whose own is `base` (nil = not animated).
    public func applied(to base: TransitionSpec?) -> TransitionSpec? {
        guard let kind else { return nil }
        let fallback = base ?? TransitionSpec()
        return TransitionSpec(
            kind: kind, orientation: orientation ?? fallback.orientation,
            duration: duration ?? fallback.duration)
    }

    public var description: String { kind?.rawValue ?? "none" }
}

/// The transitions of one `open`: how the page comes in, and how it leaves when it is popped
/// (nil: the container's, or for leaving, the way it came in, played backwards).
public struct ActionTransition: Hashable, Sendable {
    public var push: TransitionOverride?
    public var back: TransitionOverride?

    public init(push: TransitionOverride? = nil, back: TransitionOverride? = nil) {
        self.push = push
        self.back = back
    }
}
