// The transitions that turn pages in 3-D: the seed's three ADTransformTransitions (Carrousel,
// Cube, Cross: a rig of both pages turned as one), Flip and Swap. `t` is linear push time 0...1.

extension Transition {
    /// A rig turning both pages a quarter turn about an axis at depth `axisZ` behind (negative)
    /// or in front of the screen, its container dipping back by `zDip` with the circle timing.
    /// `inStart` is the incoming page's angle at t = 0; the outgoing page ends at the opposite.
    /// `pushBack` moves the rig back at least that far (never forward).
    private func rig(
        _ t: Double, _ space: TransitionSpace, inStart: Double, axisZ: Double, zDip: Double,
        pushBack: Double = 0
    ) -> (incoming: Placement, outgoing: Placement) {
        let dip = Matrix4.translation(z: min(Keyframes.circle(peak: -zDip).value(at: t), -pushBack))
        let inAngle = inStart * (1 - t)
        let outAngle = -inStart * t
        return (
            Placement(space.hinge(orientation, angle: inAngle, axisZ: axisZ).then(dip)),
            Placement(space.hinge(orientation, angle: outAngle, axisZ: axisZ).then(dip))
        )
    }

    /// The inside of a box whose centre is half the container in front of the screen: the
    /// incoming page starts as a wall at the entry edge jutting toward the viewer. The container
    /// dips back by the container's extent (seed: zPosition keyframes [0, -W, 0]).
    func carrousel(_ t: Double, _ space: TransitionSpace) -> (
        incoming: Placement, outgoing: Placement
    ) {
        let e = space.extent(orientation)
        return rig(t, space, inStart: -orientation.hingeSign * pi / 2, axisZ: e / 2, zDip: e)
    }

    /// The outside of a cube whose centre is half the container behind the screen; the
    /// container dips back 36 pt (scaled) on the way.
    ///
    /// Deliberate difference: the rig is also pushed back by the depth its shared edge comes
    /// forward, (e/2)(|sin φ| + cos φ − 1), as the cube container does (CubeController issue #1:
    /// faces grew past the screen edges). The seed's 36-pt dip alone let the near edge leave a
    /// large panel at the top and bottom.
    func cube(_ t: Double, _ space: TransitionSpace) -> (incoming: Placement, outgoing: Placement) {
        let e = space.extent(orientation)
        let inStart = orientation.hingeSign * pi / 2
        let out = inStart * t
        let nearEdge = e / 2 * (abs(sine(out)) + cosine(out) - 1)
        return rig(
            t, space, inStart: inStart, axisZ: -e / 2, zDip: 36 * space.zScale, pushBack: nearEdge)
    }

    /// Two pages crossing at right angles on the vertical centre line, turning a quarter turn
    /// (no orientation in the seed).
    func cross(_ t: Double, _ space: TransitionSpace) -> (incoming: Placement, outgoing: Placement)
    {
        (
            Placement(space.aboutCenter(.rotationY(pi / 2 * (1 - t)))),
            Placement(space.aboutCenter(.rotationY(-pi / 2 * t)))
        )
    }

    /// Both pages turn half a turn about the centre line while dipping back half the extent.
    func flip(_ t: Double, _ space: TransitionSpace) -> (incoming: Placement, outgoing: Placement) {
        // The seed's 180° ∓ 0.001 rad only chose CA's direction; the pages turn the short way.
        let half = pi - 0.001
        let dip = Matrix4.translation(
            z: Keyframes.circle(peak: -space.extent(orientation) / 2).value(at: t))
        let inAngle = orientation.hingeSign * half * (1 - t)
        let outAngle = -orientation.hingeSign * half * t
        return (
            Placement(space.aboutCenter(orientation.rotation(inAngle)).then(dip)),
            Placement(space.aboutCenter(orientation.rotation(outAngle)).then(dip))
        )
    }

    /// A card shuffle: the incoming page comes forward from 2 000 pt (scaled) back while swinging
    /// out to the entry side and back; the outgoing page recedes via the opposite side.
    func swap(_ t: Double, _ space: TransitionSpace) -> (incoming: Placement, outgoing: Placement) {
        let swing = Keyframes.circle(peak: 1).value(at: t)
        let e = space.extent(orientation)
        let (dx, dy) = orientation.entry
        let depth = 2000 * space.zScale
        func side(_ sign: Double, z: Double) -> Placement {
            let turn = orientation.rotation(-sign * orientation.hingeSign * pi / 5 * swing)
            let shift = Matrix4.translation(
                x: sign * dx * 0.6 * e * swing, y: sign * dy * 0.6 * e * swing, z: z)
            return Placement(space.aboutCenter(turn).then(shift))
        }
        return (side(1, z: -depth * (1 - t)), side(-1, z: -depth * t))
    }
}
