// ADTransitionController's 17th transition, not in its README's list (docs/seed-behaviour.md §5.3).

extension Transition {
    /// ModernPush (iOS 7 style): the incoming page slides in from the entry side, easing out
    /// (fast, then settling into place); the outgoing page stays where it is, dimming to half
    /// opacity, just behind. Popping plays it backwards.
    func modernPush(_ t: Double, _ space: TransitionSpace) -> (
        incoming: Placement, outgoing: Placement
    ) {
        let eased = TimingCurve.easeOut.value(at: t)
        return (
            slideIn(eased, space, travel: 1),
            Placement(.translation(z: -0.01 * space.zScale), opacity: 1 - 0.5 * t)
        )
    }
}
