// ADTransitionController's transitions whose outgoing page swings on one of its edges (Glue,
// PushRotate, Fold) and Slide's three-phase keyframes. `t` is linear push time 0...1.

extension Transition {
    /// The edge the content leaves toward: the outgoing page's hinge (RTL: the left edge).
    private func leavingEdge(_ space: TransitionSpace) -> Point {
        let (dx, dy) = orientation.entry
        return space.edge(dx: -dx, dy: -dy)
    }

    /// The page turned by `angle` about its edge through `hinge` (the orientation's axis).
    private func hinged(_ space: TransitionSpace, at hinge: Point, angle: Double) -> Matrix4 {
        space.about(hinge, orientation.rotation(angle))
    }

    /// The incoming page travels 1.5 extents in the duration (appears late, fast); the outgoing
    /// page swings back 45° (30° vertically) on its leaving edge, then flattens while falling
    /// back 0.7 W (W also vertically, as the seed), fading in the second half only.
    func glue(_ t: Double, _ space: TransitionSpace) -> (incoming: Placement, outgoing: Placement) {
        let hinge = orientation.hingeSign * (orientation.isVertical ? pi / 6 : pi / 4)
        let angle = Keyframes.circle(0, hinge, 0).value(at: t)
        let z = Keyframes.circle(0, 0, -0.7 * space.width).value(at: t)
        let opacity = Keyframes([1, 1, 0]).value(at: t)
        let out = hinged(space, at: leavingEdge(space), angle: angle).then(.translation(z: z))
        return (slideIn(t, space, travel: 1.5), Placement(out, opacity: opacity))
    }

    /// A door: the outgoing page swings a quarter turn away on its leaving edge while fading and
    /// the incoming page slides over it.
    func pushRotate(_ t: Double, _ space: TransitionSpace) -> (
        incoming: Placement, outgoing: Placement
    ) {
        let out = hinged(space, at: leavingEdge(space), angle: orientation.hingeSign * pi / 2 * t)
        return (slideIn(t, space, travel: 1), Placement(out, opacity: 1 - t))
    }

    /// Two rigid panels: the outgoing page folds back a quarter turn on its leaving edge; the
    /// incoming page, hinged on the opposite edge, unfolds from folded flat beyond that edge
    /// (back-facing) through perpendicular-behind into place. Both cross-fade.
    func fold(_ t: Double, _ space: TransitionSpace) -> (incoming: Placement, outgoing: Placement) {
        let (dx, dy) = orientation.entry
        let outAngle = orientation.hingeSign * pi / 2 * t
        let inAngle = -orientation.hingeSign * (pi - 0.001) * (1 - t)
        return (
            Placement(hinged(space, at: space.edge(dx: dx, dy: dy), angle: inAngle), opacity: t),
            Placement(hinged(space, at: leavingEdge(space), angle: outAngle), opacity: 1 - t)
        )
    }

    /// Keyframes at 0, ⅓, ⅔, 1 (linear): both pages shrink to 70 %, slide across at 70 %, grow
    /// back; the incoming page fades in over the last two thirds, the outgoing one out over the
    /// first two.
    func slide(_ t: Double, _ space: TransitionSpace) -> (incoming: Placement, outgoing: Placement)
    {
        let (dx, dy) = orientation.entry
        let e = space.extent(orientation)
        let s = Keyframes([1, 0.7, 0.7, 1]).value(at: t)
        let inShift = Keyframes([1, 1, 0, 0]).value(at: t) * e
        let outShift = Keyframes([0, 0, -1, -1]).value(at: t) * e
        let nudge = -0.001 * space.zScale
        func placed(_ shift: Double) -> Matrix4 {
            space.aboutCenter(.scale(x: s, y: s)).then(
                .translation(x: dx * shift, y: dy * shift, z: nudge))
        }
        return (
            Placement(placed(inShift), opacity: Keyframes([0, 0, 0.5, 1]).value(at: t)),
            Placement(placed(outShift), opacity: Keyframes([1, 0.5, 0, 0]).value(at: t))
        )
    }
}
