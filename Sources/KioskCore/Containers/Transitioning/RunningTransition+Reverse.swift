/// Turning a running transition around (UIKit's interruptible transitions, GtkStack, CLF's
/// cross-fade reversal): going back to the page it comes from continues from the picture on screen
/// instead of jumping to the end first.
extension RunningTransition {
    /// True when a request at `time` for `target` with `spec` can run this transition backwards:
    /// it runs on its own (no finger), is not already cancelling, goes away from `target` with
    /// the same transition.
    func canReverse(towards target: NavigationNode, spec other: TransitionSpec?, at time: Double)
        -> Bool
    {
        tween != nil && !cancelling && from === target && other == spec && !isFinished(at: time)
    }

    /// The same motion from `to` back to `from`, starting where the picture is at `time`: a
    /// transition at p plays its geometry at p in one direction and at 1 − p in the other, so
    /// the reversed one starts at 1 − p and has p of the duration left to run.
    func reversed(at time: Double) -> RunningTransition {
        let p = progress(at: time)
        let back: TransitionDirection = direction == .push ? .pop : .push
        var r = RunningTransition(from: to, to: from, spec: spec, direction: back, start: time)
        r.tween = Tween(from: 1 - p, to: 1, start: time, duration: spec.duration * p)
        // A change this one had cut short keeps moving where its page is drawn, now incoming.
        r.underneath = underneath
        return r
    }
}
