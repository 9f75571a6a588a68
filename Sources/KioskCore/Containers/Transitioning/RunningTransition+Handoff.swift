/// Handing the picture over from an interrupted transition to the next one (CLFContainerView-
/// Controller's point: changing one's mind never shows a jump). The model and the appearance
/// events of the interrupted transition complete at once, as before (so will/did pairs stay
/// balanced); only its motion goes on, drawn in the new transition's outgoing slot, and the new
/// transition moves that whole picture out while its page comes in.
extension RunningTransition {
    /// Deepest chain of interrupted transitions kept moving. One remote `open` can make two or
    /// three requests at one instant (pop back to a page, push the next steps), so a few quick
    /// requests stack up several; past this depth the oldest settles at its end (then under
    /// eight outgoing poses, out of sight but for a transition as slow as its own).
    static let handoffDepth = 8

    /// What an interrupted transition leaves for the next one to draw under its outgoing page
    /// at `time`: nothing when it has finished; a finger-driven one goes back to where the finger
    /// took it from (the interrupted drag is cancelled), over the share of the duration it had
    /// covered.
    static func handoff(from interrupted: RunningTransition?, at time: Double)
        -> [RunningTransition]
    {
        guard var r = interrupted else { return [] }
        if r.tween == nil {
            r.cancelling = true
            r.tween = Tween(
                from: r.manualProgress, to: 0, start: time,
                duration: r.spec.duration * r.manualProgress)
        }
        guard !r.isSettled(at: time) else { return [] }
        r.underneath = pruned(r.underneath, at: time, depth: handoffDepth - 1)
        return [r]
    }

    private static func pruned(_ chain: [RunningTransition], at time: Double, depth: Int)
        -> [RunningTransition]
    {
        guard depth > 0, var r = chain.first, !r.isSettled(at: time) else { return [] }
        r.underneath = pruned(r.underneath, at: time, depth: depth - 1)
        return [r]
    }
}
