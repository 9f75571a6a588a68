/// Who sees the pages (`Audience`): the host says when it changes, and what changes by itself
/// (a playlist) reads it from the tree. A visitor busy in a dialog who closes it counts as a
/// touch on the pages; a touch a dialog or banner took, that the pages never saw, counts too.
extension Navigator {
    /// Who sees the pages now.
    public var audience: Audience { root.effectiveAudience }

    /// The audience changed at `time` (monotonic seconds): the time before it counts as seen
    /// by the old one, then the tree takes the new one at once (a playlist going unseen stops
    /// counting its dwell now, not at the next frame, which a dark display may never draw).
    public func setAudience(_ new: Audience, at time: Double) {
        let old = audience
        guard new != old else { return }
        advance(to: time)
        root.audience = new
        // The dialog's close is the visitor's last touch: paused before anything may turn.
        if old == .busy { tellContainersVisitorIsHere() }
        // Same time: the containers look at the new audience without moving their clocks.
        root.advance(to: now)
    }

    /// A visitor touched or typed into something over the pages at `time` (an overlay took
    /// it): for what turns by itself it is a touch on the pages.
    public func visitorInteracted(at time: Double) {
        advance(to: time)
        tellContainersVisitorIsHere()
    }
}
