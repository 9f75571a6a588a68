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

    func state(at time: Double) -> InFlightTransition {
        InFlightTransition(
            from: from.id, to: to.id, spec: spec, direction: direction,
            progress: progress(at: time),
            isInteractive: tween == nil, isCancelling: cancelling)
    }
}
