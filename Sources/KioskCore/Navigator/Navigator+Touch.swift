/// Touches: the gesture arbiter decides which container or panel a gesture belongs to (innermost
/// first, a pan along a cube's axis to the cube, an edge swipe to the drill-down or stack behind
/// it), and the Navigator turns the routed gestures into container calls and actions.
extension Navigator {
    /// Feeds one touch event (logical pixels of the output).
    public func handle(_ event: TouchEvent) {
        let previous = claimTargets
        let routedGestures = arbiter.handle(event) { [unowned self] point in claimants(at: point) }
        // A down that starts a new gesture can also end the previous one (a second down for the
        // owner's id: its up was lost). Those steps carry the previous gesture's claimant ids, so
        // they are delivered through the previous targets, or the old container would never hear
        // its pan end and stay mid-swipe.
        let current = claimTargets
        claimTargets = previous
        for routed in routedGestures { handle(routed) }
        claimTargets = current
    }

    /// The claimants under `point`, innermost first, each with an id into `claimTargets`.
    func claimants(at point: Point) -> [GestureClaimant] {
        var targets: [(ClaimTarget, GestureClaimant)] = []
        collect(root, frame: Rect(size: viewport), point: point, into: &targets)
        claimTargets = targets.map(\.0)
        caughtPanels = catchScrolling(claimTargets)
        return targets.map(\.1)
    }

    private func collect(
        _ node: NavigationNode, frame: Rect, point: Point, into targets: inout [(ClaimTarget, GestureClaimant)]
    ) {
        func add(_ target: ClaimTarget, _ accepts: Set<GestureKind>, _ region: Rect) {
            // Ids are assigned innermost first once the list is complete.
            targets.append((target, GestureClaimant(id: 0, accepts: accepts, region: region)))
        }
        var outer: [(ClaimTarget, GestureClaimant)] = []
        swap(&outer, &targets)
        defer {
            targets = targets + outer
            for i in targets.indices { targets[i].1.id = i }
        }
        switch node {
        case let cube as CubeContainer:
            if let face = cube.currentFace { collect(face, frame: frame, point: point, into: &targets) }
            add(.cube(cube), [.pan(cube.orientation == .horizontal ? .horizontal : .vertical)], frame)
        case let drill as DrillDownContainer:
            for column in drill.columns {
                guard case .page(let id) = column.content, let page = child(of: drill, id: id) else { continue }
                let columnFrame = Rect(x: frame.minX + column.x, y: frame.minY, width: column.width, height: frame.height)
                guard columnFrame.contains(point) else { continue }
                let header = Rect(x: columnFrame.minX, y: columnFrame.minY, width: columnFrame.width, height: ChromeMetrics.headerHeight)
                let isLeft = drill.isFolded || drill.left.last?.id == id
                let backTarget = drill.isFolded ? drill.pages.count >= 2 : drill.left.count >= 2
                if header.contains(point) {
                    add(.header(drill, frame: header, showsBack: isLeft && backTarget), [.tap], header)
                } else {
                    let size = pageSize(in: drill, columnWidth: column.width, height: frame.height)
                    collect(page, frame: Rect(origin: Point(x: columnFrame.minX, y: header.maxY), size: size), point: point, into: &targets)
                }
                if isLeft && backTarget {
                    add(.drillDownBack(drill, origin: frame.origin), [.edgeSwipe(.left)], columnFrame)
                }
            }
        case let stack as TransitionStack:
            collect(stack.top, frame: frame, point: point, into: &targets)
            if stack.canGoBack { add(.stackBack(stack, frame: frame), [.edgeSwipe(.left)], frame) }
        case let tabs as TabsContainer:
            let bar = tabBarFrame(in: frame)
            if bar.contains(point) {
                add(.tabBar(tabs, frame: bar), [.tap], bar)
            } else if let page = tabs.selectedPage {
                collect(page, frame: tabContentFrame(in: frame), point: point, into: &targets)
            }
        default:
            add(.panel(node, frame: frame), panelGestures(node), frame)
        }
    }

    func handle(_ routed: RoutedGesture) {
        guard claimTargets.indices.contains(routed.claimant) else { return }
        let target = claimTargets[routed.claimant]
        switch (target, routed.gesture) {
        case (.panel(let node, let frame), .tap(let position, _)):
            guard !caughtPanels.contains(ObjectIdentifier(node)) else { return }
            // Content coordinates: the targets are laid out over the whole scrolled content.
            let local = position - frame.origin + Point(x: 0, y: scrollOffset(of: node))
            let hit = panelTargets(node.id, contentSize(of: node, frame: frame.size)).first { $0.rect.contains(local) }
            if let hit { perform(hit.action, from: node) }
        case (.panel(let node, _), .pan(let pan)):
            scroll(node, pan: pan)
        case (.header(let drill, let frame, let showsBack), .tap(let position, _)):
            if showsBack && position.x - frame.minX < ChromeMetrics.backButtonWidth { _ = drill.pop() }
        case (.tabBar(let tabs, let frame), .tap(let position, _)):
            guard !tabs.pages.isEmpty else { return }
            let index = Int(((position.x - frame.minX) / frame.width * Double(tabs.pages.count)).rounded(.down))
            _ = try? tabs.select(min(max(index, 0), tabs.pages.count - 1), transition: tabs.defaultTransition)
        case (.cube(let cube), .pan(let pan)), (.cube(let cube), .edgeSwipe(_, let pan)):
            switch pan.phase {
            case .began:
                cube.beginDrag()
                cube.drag(translation: pan.axisTranslation)
            case .changed: cube.drag(translation: pan.axisTranslation)
            case .ended: cube.endDrag(velocity: pan.axisVelocity)
            case .cancelled: cube.cancelDrag()
            }
        case (.drillDownBack(let drill, let origin), .edgeSwipe(_, let pan)):
            let x = pan.position.x - origin.x
            switch pan.phase {
            case .began:
                if drill.beginBackSwipe(at: pan.startPosition.x - origin.x) { drill.updateBackSwipe(x: x) }
            case .changed: drill.updateBackSwipe(x: x)
            case .ended: drill.endBackSwipe(velocity: pan.velocity.x)
            case .cancelled: drill.cancelBackSwipe()
            }
        case (.stackBack(let stack, let frame), .edgeSwipe(_, let pan)):
            let fraction = pan.translation.x / max(frame.width, 1)
            switch pan.phase {
            case .began:
                if stack.beginInteractivePop() { stack.updateInteractivePop(fraction: fraction) }
            case .changed: stack.updateInteractivePop(fraction: fraction)
            case .ended: stack.endInteractivePop(velocity: pan.velocity.x / max(frame.width, 1))
            case .cancelled: stack.cancelInteractivePop()
            }
        default:
            break
        }
        // A tap or a finished gesture may have changed which pages show where (widths, scroll
        // ranges); the steps of a moving finger never do, and they come with every motion event.
        if routed.gesture.panGesture?.phase != .changed { layoutTree() }
    }
}
