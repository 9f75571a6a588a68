extension CubeContainer {
    // MARK: Programmatic turns

    /// Turns to face `index`. Wrapping: any integer, taken modulo the count, the shortest way
    /// round. Not wrapping: clamped to 0…count−1. No-op with no faces or when already there.
    public func scroll(to index: Int, animated: Bool) {
        guard !faces.isEmpty else { return }
        let n = Double(faces.count)
        let target: Double
        if isWrapping {
            var distance = wrap(Double(index % faces.count) - raw)
            if distance > n / 2 { distance -= n }
            target = (raw + distance).rounded()
        } else {
            target = Double(min(max(index, 0), faces.count - 1))
        }
        move(to: target, animated: animated)
    }

    /// One face forward (CubeController `scrollForwardAnimated:`); stops at the end without wrap.
    public func scrollForward(animated: Bool) { turn(by: 1, animated: animated) }

    /// One face back; stops at the start without wrap.
    public func scrollBack(animated: Bool) { turn(by: -1, animated: animated) }

    /// Sets the index without animation (CubeController's `currentViewControllerIndex` setter).
    public func setCurrentIndex(_ index: Int) { scroll(to: index, animated: false) }

    /// Turns from where a running turn is heading, so two quick presses of Right turn two faces
    /// (a turn measured from the current position would round back to the face it is leaving).
    func turn(by steps: Int, animated: Bool) {
        guard !faces.isEmpty else { return }
        var base = raw.rounded()
        if case .settling(let tween, _) = motion { base = tween.to.rounded() }
        var target = base + Double(steps)
        if !isWrapping { target = min(max(target, 0), Double(faces.count - 1)) }
        move(to: target, animated: animated)
    }

    private func move(to target: Double, animated: Bool) {
        if isDragging { send(.didEndDragging(willDecelerate: false)) }
        interruptMotion()
        motion = .idle
        guard target != raw else { return }
        if animated && appearance != .disappeared && durationPerFace > 0 {
            let tween = Tween(
                from: raw, to: target, start: now, duration: durationPerFace * abs(target - raw),
                curve: scrollCurve)
            motion = .settling(tween, fromDrag: false)
        } else {
            setRaw(target, animated: false)
            normalize()
        }
    }

    /// Ends a running settle where it is, reporting its end event; a drag is left as it is.
    func interruptMotion() {
        guard case .settling(_, let fromDrag) = motion else { return }
        motion = .idle
        send(fromDrag ? .didEndDecelerating : .didEndScrollingAnimation)
    }

    // MARK: Dragging

    /// A finger started turning the cube. A running settle stops where it is.
    public func beginDrag() {
        guard !faces.isEmpty, !isDragging else { return }
        interruptMotion()
        motion = .dragging(anchor: raw.rounded(), start: raw)
        send(.willBeginDragging)
    }

    /// The finger moved `translation` pixels along the axis since `beginDrag` (negative = towards
    /// the start of the axis, turning forward). Follows 1:1: `width` pixels = one face.
    public func drag(translation: Double) {
        guard case .dragging(_, let start) = motion, translation.isFinite else { return }
        let n = Double(faces.count)
        let travel = min(max(-translation / max(width, 1), -n), n)
        var target = start + travel
        if !isWrapping {
            let last = n - 1
            if target < 0 {
                target = -rubberBand(-target)
            } else if target > last {
                target = last + rubberBand(target - last)
            }
        }
        setRaw(target, animated: true)
    }

    /// The finger lifted with `velocity` pixels per second. GKL's flick rule (§2.4): with
    /// d = faces turned since the drag began (forward positive), projected = d − 0.25 · v / width;
    /// past half a face forward (backward) in the direction of the drag turns one face, at most one
    /// per gesture; otherwise it snaps back. Then settles, animated.
    public func endDrag(velocity: Double) {
        guard case .dragging(let anchor, _) = motion else { return }
        let v = velocity.isFinite ? velocity : 0
        let d = raw - anchor
        let projected = d - 0.25 * v / max(width, 1)
        var target = anchor
        if d > 0 && projected > 0.5 {
            target = anchor + 1
        } else if d < 0 && projected < -0.5 {
            target = anchor - 1
        }
        if !isWrapping { target = min(max(target, 0), Double(faces.count - 1)) }
        let distance = abs(target - raw)
        let decelerate = distance > 0 && appearance != .disappeared && durationPerFace > 0
        motion = .idle
        send(.didEndDragging(willDecelerate: decelerate))
        if decelerate {
            send(.willBeginDecelerating)
            let tween = Tween(
                from: raw, to: target, start: now, duration: durationPerFace * distance,
                curve: settleCurve)
            motion = .settling(tween, fromDrag: true)
        } else {
            setRaw(target, animated: false)
            normalize()
        }
    }

    /// A finger landed on the cube while it settles: it stops where it is and is held as a drag
    /// (CubeController's scroll view stops on touch-down; GKL waited for the pan), so the
    /// finger's pan continues from there. False when it was not moving.
    public func catchMotion() -> Bool {
        guard isSettling else { return false }
        beginDrag()
        return true
    }

    /// The finger that caught the cube lifted without turning it, or its pan went elsewhere:
    /// settle from where it was held, to the nearest face.
    public func releaseHold() {
        guard isDragging else { return }
        endDrag(velocity: 0)
    }

    /// The gesture was taken away: settle as a release without velocity (GKL treats a cancelled
    /// pan like an ended one).
    public func cancelDrag() { endDrag(velocity: 0) }

    private func rubberBand(_ excess: Double) -> Double { 0.25 * excess / (excess + 0.5) }

    // MARK: Reloading

    /// Replaces face `index` with `node`, cross-fading when animated and the face shows.
    public func reloadFace(_ index: Int, with node: NavigationNode, animated: Bool) throws {
        guard faces.indices.contains(index) else {
            throw NavigationError.indexOutOfRange(index, count: faces.count, container: id)
        }
        let old = faces[index]
        guard old !== node else { return }
        if faces.contains(where: { $0 === node }) {
            throw NavigationError.alreadyShown(node.id, container: id)
        }
        if let p = node.parent, p !== self { throw NavigationError.pageInOtherContainer(node.id) }
        if let f = fade {
            fade = nil
            release(f.old)
        }
        adopt(node)
        faces[index] = node
        let shows = visibleFaces.contains { $0.index == index }
        if animated && shows && appearance != .disappeared && crossfadeDuration > 0 {
            fade = (index, old, Tween(from: 0, to: 1, start: now, duration: crossfadeDuration))
        } else {
            release(old)
        }
        reconcileChildren(animated: animated)
    }

    /// Replaces all faces. Nodes passed again keep their state; the index is clamped (or wrapped)
    /// into the new range and the cube lays out at once.
    public func reloadAll(faces newFaces: [NavigationNode]) throws {
        var seen: Set<ObjectIdentifier> = []
        for node in newFaces {
            if !seen.insert(ObjectIdentifier(node)).inserted {
                throw NavigationError.alreadyShown(node.id, container: id)
            }
            if let p = node.parent, p !== self {
                throw NavigationError.pageInOtherContainer(node.id)
            }
        }
        if isDragging { send(.didEndDragging(willDecelerate: false)) }
        motion = .idle
        if let f = fade {
            fade = nil
            release(f.old)
        }
        for node in faces where !seen.contains(ObjectIdentifier(node)) { release(node) }
        faces = newFaces
        for node in faces { adopt(node) }
        resettle()
    }

    // MARK: Time

    func advanceMotion() {
        if case .settling(let tween, let fromDrag) = motion {
            setRaw(tween.value(at: now), animated: true)
            if tween.isFinished(at: now) {
                motion = .idle
                normalize()
                send(fromDrag ? .didEndDecelerating : .didEndScrollingAnimation)
            }
        }
        if let f = fade, f.tween.isFinished(at: now) {
            fade = nil
            release(f.old)
            reconcileChildren(animated: true)
        }
    }

    func finishMotionSilently() {
        if case .settling(let tween, let fromDrag) = motion {
            setRaw(tween.to, animated: false, reconcile: false)
            motion = .idle
            normalize()
            send(fromDrag ? .didEndDecelerating : .didEndScrollingAnimation)
        }
        if let f = fade {
            fade = nil
            release(f.old)
        }
    }
}
