extension SceneBuilder {
    /// Draws a container showing one page, or two during an `InFlightTransition` (stack pushes
    /// and pops, tab switches), with the transition's poses and draw order.
    mutating func drawTransitioning(
        _ container: ContainerNode, current: NavigationNode?, transition: InFlightTransition?,
        frame: Rect,
        placement: Matrix4, look: SceneLook
    ) {
        let local = Matrix4.translation(x: frame.minX, y: frame.minY).then(placement)
        guard let t = transition, let to = container.child(t.to), let from = container.child(t.from)
        else {
            if let current {
                draw(current, frame: Rect(size: frame.size), placement: local, look: look)
            }
            return
        }
        // A zoom grows from (and a pop shrinks into) the item that opened the pushed page.
        let pushed = t.direction == .push ? to : from
        let motion = Transition(t.spec, zoomSource: pushed.openedFrom)
            .frame(progress: t.progress, size: frame.size, direction: t.direction)
        for step in motion.drawOrder {
            let pose = motion.pose(step.role)
            guard pose.isVisible else { continue }
            var drawLook = look.adding(opacity: pose.opacity, dim: pose.dim)
            if let clip = step.clip { drawLook = drawLook.clipped(to: clip, placement: local) }
            draw(
                step.role == .incoming ? to : from, frame: Rect(size: frame.size),
                placement: pose.transform.then(local),
                look: drawLook)
        }
    }
}
