/// Whether a transition goes deeper (push, next tab) or back (pop, previous tab).
public enum TransitionDirection: String, Hashable, Sendable {
    case push, pop
}

/// The transition a stack or tabs container is running, as state for the Scene builder.
/// For `.pop` the Scene plays `spec`'s push geometry backwards (ADTransitionController §5.4):
/// progress p of a pop shows the push's frame at 1 − p with `from`/`to` swapped.
public struct InFlightTransition: Hashable, Sendable, CustomStringConvertible {
    public var from: PageID
    public var to: PageID
    public var spec: TransitionSpec
    public var direction: TransitionDirection
    /// Linear time fraction 0 → 1 (the transition applies its own curves); during an
    /// interactive pop it follows the finger and may go back towards 0 on cancel.
    public var progress: Double
    /// True while a finger drives it.
    public var isInteractive: Bool
    /// True when it runs back to 0 (a cancelled interactive pop).
    public var isCancelling: Bool

    public init(
        from: PageID, to: PageID, spec: TransitionSpec, direction: TransitionDirection,
        progress: Double, isInteractive: Bool = false, isCancelling: Bool = false
    ) {
        self.from = from
        self.to = to
        self.spec = spec
        self.direction = direction
        self.progress = progress
        self.isInteractive = isInteractive
        self.isCancelling = isCancelling
    }

    public var description: String {
        "\(direction.rawValue) \(from) -> \(to) \(spec.kind.rawValue) at \(progress)"
    }
}

/// The live part of an in-flight transition: the nodes and the progress tween.
struct RunningTransition {
    var from: NavigationNode
    var to: NavigationNode
    var spec: TransitionSpec
    var direction: TransitionDirection
    /// Progress over time once released; nil while a finger drives it.
    var tween: Tween?
    /// Progress set by the finger.
    var manualProgress = 0.0
    var cancelling = false

    init(from: NavigationNode, to: NavigationNode, spec: TransitionSpec, direction: TransitionDirection, start: Double) {
        self.from = from
        self.to = to
        self.spec = spec
        self.direction = direction
        tween = Tween(from: 0, to: 1, start: start, duration: spec.duration)
    }

    func progress(at time: Double) -> Double { tween?.value(at: time) ?? manualProgress }

    func isFinished(at time: Double) -> Bool { tween?.isFinished(at: time) ?? false }

    func state(at time: Double) -> InFlightTransition {
        InFlightTransition(
            from: from.id, to: to.id, spec: spec, direction: direction, progress: progress(at: time),
            isInteractive: tween == nil, isCancelling: cancelling)
    }
}
