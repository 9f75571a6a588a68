extension SceneBuilder {
    /// Draws a container showing one page, or two during a running transition (stack pushes
    /// and pops, tab switches), with the transition's poses and draw order. A transition that
    /// was interrupted by this one goes on playing where the page it comes to rest on is drawn.
    mutating func drawTransitioning(
        current: NavigationNode?, running: RunningTransition?, at time: Double, frame: Rect,
        placement: Matrix4, look: SceneLook
    ) {
        let local = Matrix4.translation(x: frame.minX, y: frame.minY).then(placement)
        guard let running else {
            if let current {
                draw(current, frame: Rect(size: frame.size), placement: local, look: look)
            }
            return
        }
        drawRunning(running, at: time, size: frame.size, local: local, look: look)
    }

    private mutating func drawRunning(
        _ r: RunningTransition, at time: Double, size: Size, local: Matrix4, look: SceneLook
    ) {
        let t = r.state(at: time)
        // A zoom grows from (and a pop shrinks into) the item that opened the pushed page.
        let pushed = t.direction == .push ? r.to : r.from
        let motion = Transition(t.spec, zoomSource: pushed.openedFrom)
            .frame(progress: t.progress, size: size, direction: t.direction)
        for step in motion.drawOrder {
            let pose = motion.pose(step.role)
            guard pose.isVisible else { continue }
            var drawLook = look.adding(opacity: pose.opacity, dim: pose.dim)
            if let clip = step.clip { drawLook = drawLook.clipped(to: clip, placement: local) }
            let placement = pose.transform.then(local)
            let node = step.role == .incoming ? r.to : r.from
            // A change this one cut short is drawn where the page it comes to rest on is (the
            // outgoing page; the incoming one once turned around).
            if let under = r.underneath.first, under.restingPage === node,
                !under.isSettled(at: time)
            {
                drawRunning(under, at: time, size: size, local: placement, look: drawLook)
            } else {
                draw(node, frame: Rect(size: size), placement: placement, look: drawLook)
            }
        }
    }
}
