/// Touches: the gesture arbiter decides which container or panel a gesture belongs to (innermost
/// first, a pan along a cube's axis to the cube, an edge swipe to the drill-down or stack behind
/// it); panels' gestures become scrolling and actions here, containers handle their own.
extension Navigator {
    /// Feeds one touch event (logical pixels of the output).
    public func handle(_ event: TouchEvent) {
        if case .down = event { touchHidesFocus() }
        switch event {
        case .down, .up: tellContainersVisitorIsHere()
        default: break
        }
        // The hit test only computes the claims (inside the arbiter's callback); they take effect
        // after it returns.
        var hit: TouchClaims?
        let routedGestures = arbiter.handle(event) { [unowned self] point in
            let claims = claims(at: point)
            hit = claims
            return claims.entries.map(\.claimant)
        }
        // A down that starts a new gesture can also end the previous one (a second down for the
        // owner's id: its up was lost). Those steps carry the previous gesture's claimant ids, so
        // they are delivered through the previous targets first, or the old container would
        // never hear its pan end and stay mid-swipe.
        for routed in routedGestures { handle(routed) }
        if let hit {
            releaseHeldMotions()
            claimTargets = hit.entries.map(\.target)
            caughtPanels = catchScrolling(claimTargets)
            // The finger stops what moves under it (CubeController's scroll view stops on touch-down).
            heldMotions = hit.catches.filter { $0.motion.grab() }
        }
        // The finger lifted (or was cancelled): whatever it held and no pan took over settles.
        if arbiter.recognizer.ownerID == nil { releaseHeldMotions() }
    }

    /// Every container on screen hears that a visitor is there (`Container.visitorInteracted`:
    /// a playlist pauses). Lift counts too, so a long press pauses for its whole length.
    func tellContainersVisitorIsHere() {
        // Recursion: one level per container of the live tree (see `NavigationState`).
        func visit(_ node: NavigationNode) {
            guard let container = node as? ContainerNode else { return }
            (container as? any Container)?.visitorInteracted()
            container.visibleChildren.forEach(visit)
        }
        visit(root)
    }

    /// Lets go of the motions the finger holds (`MotionCatch.release`), all or all but those of
    /// claimant `keeping` (the one its pan went to, which now follows the finger).
    func releaseHeldMotions(keeping claimant: Int? = nil) {
        let released = heldMotions.filter { $0.claimant != claimant }
        heldMotions = heldMotions.filter { $0.claimant == claimant }
        for held in released { held.motion.release() }
    }

    /// The claimants under `point`, innermost first (pure: nothing changes).
    func claims(at point: Point) -> TouchClaims {
        var claims = TouchClaims(point: point, layoutDirection: layoutDirection)
        claims.widgetClaims = { [unowned self] node, frame, point in
            sliderClaims(node, frame: frame, at: point)
        }
        claims.collect(root, frame: Rect(size: viewport))
        return claims
    }

    /// The gesture claimants under `point`, innermost first (pure).
    func claimants(at point: Point) -> [GestureClaimant] {
        claims(at: point).entries.map(\.claimant)
    }

    /// The tappable item of panel `page` (laid out at `size`) under `local`, if any.
    private func item(at local: Point, page: PageID, size: Size) -> PanelTarget? {
        panels.targets(page: page, size: size).first { $0.rect.contains(local) }
    }

    func handle(_ routed: RoutedGesture) {
        guard claimTargets.indices.contains(routed.claimant) else { return }
        if routed.gesture.panGesture?.phase == .began {
            releaseHeldMotions(keeping: routed.claimant)
        }
        switch (claimTargets[routed.claimant], routed.gesture) {
        case (.panel(let node, let frame), .tap(let position, _)):
            // A touch that stopped a moving list or container is not a tap on what it shows.
            guard !caughtPanels.contains(ObjectIdentifier(node)), heldMotions.isEmpty else {
                return
            }
            // Content coordinates: the targets are laid out over the whole scrolled content.
            let local = position - frame.origin + Point(x: 0, y: node.scrollOffset)
            if let hit = item(at: local, page: node.id, size: node.contentSize(frame: frame.size)) {
                activatedItem = itemFrame(hit.rect, on: node)
                defer { activatedItem = nil }
                perform(
                    Self.placed(
                        hit.action, at: local, on: hit.rect, direction: layoutDirection), from: node
                )
            }
        case (.picture(let page, let frame, let opener), .tap(let position, _)):
            let local = position - frame.origin
            if let hit = item(at: local, page: page, size: frame.size) {
                perform(
                    Self.placed(
                        hit.action, at: local, on: hit.rect, direction: layoutDirection),
                    from: opener)
            }
        case (.panel(let node, _), .pan(let pan)):
            scroll(node, pan: pan)
        case (.container(let handle), let gesture):
            handle(gesture)
        default:
            break
        }
        // A tap or a finished gesture may have changed which pages show where (widths, scroll
        // ranges); the steps of a moving finger never do, and they come with every motion event.
        if routed.gesture.panGesture?.phase != .changed { layoutTree() }
    }
}
