// ADTransitionController's flat "dual" transitions: each page has its own animation.
// `t` is linear push time 0...1; seed-behaviour.md §5.3 gives the values restated here.

extension Transition {
    /// Opacity cross-fade.
    func fade(_ t: Double) -> (incoming: Placement, outgoing: Placement) {
        (Placement(opacity: t), Placement(opacity: 1 - t))
    }

    /// The seed's BackFade opacity curve: flat at both ends, most of the fade mid-way.
    static let backFadeCurve = TimingCurve.bezier(CubicBezier(0.8, 0, 0, 0.2))

    /// Both pages recede to a third of their size and come back (z keyframes [0, -2000, 0],
    /// linear), cross-fading mostly while far away.
    func backFade(_ t: Double, _ space: TransitionSpace) -> (
        incoming: Placement, outgoing: Placement
    ) {
        let z = Keyframes([0, -2000 * space.zScale, 0]).value(at: t)
        let fade = Self.backFadeCurve.value(at: t)
        return (
            Placement(.translation(z: z), opacity: fade),
            Placement(.translation(z: z), opacity: 1 - fade)
        )
    }

    /// The incoming page shrinks from twice its size into place while fading in; the outgoing
    /// one collapses toward a point (scale 0.01) while fading out.
    func ghost(_ t: Double, _ space: TransitionSpace) -> (incoming: Placement, outgoing: Placement)
    {
        let grown = 2 - t
        let collapsed = 1 - 0.99 * t
        return (
            Placement(space.aboutCenter(.scale(x: grown, y: grown, z: grown)), opacity: t),
            Placement(
                space.aboutCenter(.scale(x: collapsed, y: collapsed, z: collapsed)), opacity: 1 - t)
        )
    }

    /// The incoming page grows out of the source rectangle to fill the container; the outgoing
    /// page stays, nudged just behind.
    func zoom(_ t: Double, _ space: TransitionSpace) -> (incoming: Placement, outgoing: Placement) {
        let source = zoomSourceRect(in: space)
        let sx = space.width > 0 ? source.width / space.width : 1
        let sy = space.height > 0 ? source.height / space.height : 1
        let u = 1 - t
        let scale = Matrix4.scale(x: 1 + (sx - 1) * u, y: 1 + (sy - 1) * u)
        let shift = Matrix4.translation(
            x: (source.midX - space.center.x) * u, y: (source.midY - space.center.y) * u)
        return (
            Placement(space.aboutCenter(scale).then(shift)),
            Placement(.translation(z: -0.001 * space.zScale))
        )
    }

    /// The configured source, or a centred rectangle a quarter of the container's width and
    /// height; non-finite or negative values are replaced so nothing from input yields NaN.
    func zoomSourceRect(in space: TransitionSpace) -> Rect {
        let fallback = Rect(
            x: space.width * 3 / 8, y: space.height * 3 / 8, width: space.width / 4,
            height: space.height / 4)
        guard let r = zoomSource, r.minX.isFinite, r.minY.isFinite, r.width.isFinite,
            r.height.isFinite
        else { return fallback }
        return Rect(x: r.minX, y: r.minY, width: max(0, r.width), height: max(0, r.height))
    }

    /// The incoming page slides in from the entry side. Swipe: the outgoing page slides out the
    /// opposite way. SwipeFade: it stays, fading out, just behind.
    func swipe(_ t: Double, _ space: TransitionSpace, outgoingFades: Bool) -> (
        incoming: Placement, outgoing: Placement
    ) {
        let incoming = slideIn(t, space, travel: 1)
        guard outgoingFades else {
            let (dx, dy) = orientation.entry
            let e = space.extent(orientation)
            let out = Matrix4.translation(x: -dx * e * t, y: -dy * e * t, z: -0.001 * space.zScale)
            return (incoming, Placement(out))
        }
        return (incoming, Placement(.translation(z: -0.01 * space.zScale), opacity: 1 - t))
    }

    /// As SwipeFade, the outgoing page also shrinking to 80 %.
    func scale(_ t: Double, _ space: TransitionSpace) -> (incoming: Placement, outgoing: Placement)
    {
        let s = 1 - 0.2 * t
        let out = space.aboutCenter(.scale(x: s, y: s)).then(.translation(z: -0.01 * space.zScale))
        return (slideIn(t, space, travel: 1), Placement(out, opacity: 1 - t))
    }

    /// The incoming page sliding linearly from `travel` extents off the entry side into place,
    /// nudged just behind the screen plane (seed zPosition -0.001).
    func slideIn(_ t: Double, _ space: TransitionSpace, travel: Double) -> Placement {
        let (dx, dy) = orientation.entry
        let d = travel * space.extent(orientation) * (1 - t)
        return Placement(.translation(x: dx * d, y: dy * d, z: -0.001 * space.zScale))
    }
}
