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
    /// The transition that was running when this one started, still playing where this one
    /// draws its outgoing page (`from` is the page it comes to rest on): a request during a
    /// transition continues from the picture on screen instead of jumping to its end. At most
    /// one deep; see `RunningTransition.handoff(from:at:)`.
    var underneath: [RunningTransition] = []

    init(
        from: NavigationNode, to: NavigationNode, spec: TransitionSpec,
        direction: TransitionDirection, start: Double
    ) {
        self.from = from
        self.to = to
        self.spec = spec
        self.direction = direction
        tween = Tween(from: 0, to: 1, start: start, duration: spec.duration)
    }

    func progress(at time: Double) -> Double { tween?.value(at: time) ?? manualProgress }

    func isFinished(at time: Double) -> Bool { tween?.isFinished(at: time) ?? false }

    /// True once it has finished and so has the change it cut short, where that one is drawn in
    /// the page it ends on: only then is the picture at rest, and the change completes (its
    /// did-events wait for the picture).
    func isSettled(at time: Double) -> Bool {
        guard isFinished(at: time) else { return false }
        guard let cut = underneath.first, cut.restingPage === restingPage else { return true }
        return cut.isSettled(at: time)
    }

    /// The page the picture shows once it has finished: `to`, or `from` when it cancels.
    var restingPage: NavigationNode { cancelling ? from : to }

    func state(at time: Double) -> InFlightTransition {
        InFlightTransition(
            from: from.id, to: to.id, spec: spec, direction: direction,
            progress: progress(at: time),
            isInteractive: tween == nil, isCancelling: cancelling)
    }
}
