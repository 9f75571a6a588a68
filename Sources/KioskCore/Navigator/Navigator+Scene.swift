/// Turns the live tree into the Scene: every visible panel and piece of chrome as a layer with
/// its projective transform in output pixels. Nested containers compose: a stack on a cube face
/// is drawn through the face's pose.
extension Navigator {
    /// Everything on screen at the current time.
    public func scene() -> Scene {
        var layers: [SceneLayer] = []
        let placement = Matrix4.scale(x: scale, y: scale)
        emit(root, frame: Rect(size: viewport), placement: placement, look: Look(), into: &layers)
        return Scene(
            outputSize: Size(width: (viewport.width * scale).rounded(), height: (viewport.height * scale).rounded()),
            background: configuration.settings.theme.background, layers: layers, isAnimating: isAnimating)
    }

    /// Opacity, dim and clip inherited from the containers above a layer.
    struct Look {
        var opacity = 1.0
        var dim = 0.0
        /// In output pixels.
        var clip: Rect?

        func adding(opacity o: Double, dim d: Double) -> Look {
            Look(opacity: opacity * o, dim: 1 - (1 - dim) * (1 - d), clip: clip)
        }

        /// Narrows the clip to `rect` (local) under `placement`. Clips survive only axis-aligned
        /// placements; under a 3-D pose the rectangle is no longer one (a column clip inside a
        /// turning cube face is dropped for the turn).
        func clipped(to rect: Rect, placement: Matrix4) -> Look {
            guard let mapped = Navigator.axisAligned(rect, placement) else { return self }
            var copy = self
            if let current = clip {
                copy.clip = current.intersection(mapped) ?? Rect(origin: mapped.origin, size: .zero)
            } else {
                copy.clip = mapped
            }
            return copy
        }
    }

    /// `rect` mapped by `m` when `m` is a scale plus translation; nil otherwise.
    static func axisAligned(_ rect: Rect, _ m: Matrix4) -> Rect? {
        guard m[0, 1] == 0, m[1, 0] == 0, m[3, 0] == 0, m[3, 1] == 0, m[3, 3] != 0 else { return nil }
        guard let a = m.project(rect.origin), let b = m.project(Point(x: rect.maxX, y: rect.maxY)) else { return nil }
        return Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }

    func emit(_ node: NavigationNode, frame: Rect, placement: Matrix4, look: Look, into layers: inout [SceneLayer]) {
        switch node {
        case let cube as CubeContainer: emitCube(cube, frame: frame, placement: placement, look: look, into: &layers)
        case let drill as DrillDownContainer: emitDrillDown(drill, frame: frame, placement: placement, look: look, into: &layers)
        case let stack as TransitionStack:
            let transition = stack.transition
            emitTransitioning(
                stack, current: stack.top, transition: transition, frame: frame, placement: placement, look: look,
                into: &layers)
        case let tabs as TabsContainer: emitTabs(tabs, frame: frame, placement: placement, look: look, into: &layers)
        default:
            layers.append(panelLayer(node, frame: frame, placement: placement, look: look))
        }
    }

    /// A layer of flat colour or chrome over `rect` (local).
    func flat(_ content: LayerContent, _ rect: Rect, placement: Matrix4, look: Look) -> SceneLayer {
        SceneLayer(
            content: content, size: rect.size, transform: Matrix4.translation(x: rect.minX, y: rect.minY).then(placement),
            opacity: look.opacity, dim: look.dim, clip: look.clip)
    }

    // MARK: Cube

    func emitCube(_ cube: CubeContainer, frame: Rect, placement: Matrix4, look: Look, into layers: inout [SceneLayer]) {
        guard !cube.faces.isEmpty else { return }
        let local = Matrix4.translation(x: frame.minX, y: frame.minY).then(placement)
        let fade = cube.crossfade
        for face in cubeFaces(cube, size: frame.size) {
            guard face.pose.isVisible, cube.faces.indices.contains(face.index) else { continue }
            let placement = face.pose.transform.then(local)
            var faceLook = look.adding(opacity: face.pose.opacity, dim: face.pose.dim)
            // reloadFace's crossfade: the old page under the new one fading in at the same place.
            if let fade, fade.face == face.index, let old = child(of: cube, id: fade.outgoing),
                old !== cube.faces[face.index]
            {
                emit(old, frame: Rect(size: frame.size), placement: placement, look: faceLook, into: &layers)
                faceLook = faceLook.adding(opacity: fade.progress, dim: 0)
            }
            emit(cube.faces[face.index], frame: Rect(size: frame.size), placement: placement, look: faceLook, into: &layers)
        }
    }

    /// The prism faces at the cube's position, back to front. A cube that does not wrap turns
    /// like a four-sided cube (CubeController) however many faces it has, so its faces are
    /// taken from a four-sided prism slid along to the current position.
    func cubeFaces(_ cube: CubeContainer, size: Size) -> [PrismFace] {
        if cube.isWrapping {
            return PrismGeometry(faceCount: cube.count, size: size, orientation: cube.orientation)
                .faces(at: cube.position, wraps: true)
        }
        let position = cube.position
        let base = max(0, Int(position.rounded(.down)) - 1)
        return PrismGeometry(faceCount: 4, size: size, orientation: cube.orientation)
            .faces(at: position - Double(base), wraps: false)
            .map { PrismFace(index: $0.index + base, pose: $0.pose, angle: $0.angle) }
            .filter { $0.index < cube.count }
    }

    // MARK: Drill-down

    func emitDrillDown(
        _ drill: DrillDownContainer, frame: Rect, placement: Matrix4, look: Look, into layers: inout [SceneLayer]
    ) {
        let theme = configuration.settings.theme
        let local = Matrix4.translation(x: frame.minX, y: frame.minY).then(placement)
        if !drill.isFolded {
            // The divider shows through SGB's 1-pt gap between the columns.
            layers.append(flat(.solid(theme.divider), Rect(size: frame.size), placement: local, look: look))
        }
        let backTarget = drill.isFolded ? drill.pages.count >= 2 : drill.left.count >= 2
        for column in drill.columns {
            let columnRect = Rect(x: column.x, y: 0, width: max(0, column.width), height: frame.height)
            guard columnRect.width > 0.01 else { continue }
            let columnLook = look.adding(opacity: column.opacity, dim: column.dim).clipped(to: columnRect, placement: local)
            let header = Rect(x: column.x, y: 0, width: columnRect.width, height: min(ChromeMetrics.headerHeight, frame.height))
            switch column.content {
            case .page(let id):
                guard let node = child(of: drill, id: id) else { continue }
                let size = pageSize(in: drill, columnWidth: column.width, height: frame.height)
                layers.append(flat(.solid(theme.background), columnRect, placement: local, look: columnLook))
                emit(
                    node, frame: Rect(x: column.x, y: header.maxY, width: size.width, height: size.height),
                    placement: local, look: columnLook, into: &layers)
                let isLeft = drill.isFolded || drill.left.last?.id == id
                let title = configuration.pages[id]?.title ?? id.rawValue
                layers.append(
                    flat(.chrome(.header(title: title, showsBack: isLeft && backTarget)), header, placement: local, look: columnLook))
            case .leftPlaceholder, .rightPlaceholder:
                layers.append(flat(.solid(theme.background), columnRect, placement: local, look: columnLook))
                layers.append(flat(.chrome(.header(title: "", showsBack: false)), header, placement: local, look: columnLook))
            }
        }
    }

    // MARK: Stack and tabs

    /// A container showing one page, or two during an `InFlightTransition` (stack pushes and
    /// pops, tab switches), drawn with the transition's poses and draw order.
    func emitTransitioning(
        _ container: ContainerNode, current: NavigationNode?, transition: InFlightTransition?, frame: Rect,
        placement: Matrix4, look: Look, into layers: inout [SceneLayer]
    ) {
        let local = Matrix4.translation(x: frame.minX, y: frame.minY).then(placement)
        guard let t = transition, let to = child(of: container, id: t.to), let from = child(of: container, id: t.from) else {
            if let current { emit(current, frame: Rect(size: frame.size), placement: local, look: look, into: &layers) }
            return
        }
        let motion = Transition(t.spec).frame(progress: t.progress, size: frame.size, direction: t.direction)
        for draw in motion.drawOrder {
            let pose = motion.pose(draw.role)
            guard pose.isVisible else { continue }
            var drawLook = look.adding(opacity: pose.opacity, dim: pose.dim)
            if let clip = draw.clip { drawLook = drawLook.clipped(to: clip, placement: local) }
            emit(
                draw.role == .incoming ? to : from, frame: Rect(size: frame.size), placement: pose.transform.then(local),
                look: drawLook, into: &layers)
        }
    }

    func emitTabs(_ tabs: TabsContainer, frame: Rect, placement: Matrix4, look: Look, into layers: inout [SceneLayer]) {
        let content = tabContentFrame(in: frame)
        let contentLook = look.clipped(to: content, placement: placement)
        emitTransitioning(
            tabs, current: tabs.selectedPage, transition: tabs.transition, frame: content, placement: placement,
            look: contentLook, into: &layers)
        var selected = Double(tabs.selectedIndex)
        if let t = tabs.transition,
            let from = tabs.pages.firstIndex(where: { $0.id == t.from }),
            let to = tabs.pages.firstIndex(where: { $0.id == t.to })
        {
            selected = Double(from) + (Double(to) - Double(from)) * t.progress
        }
        let titles = tabs.pages.map { configuration.pages[$0.id]?.title ?? $0.id.rawValue }
        layers.append(flat(.chrome(.tabBar(titles: titles, selected: selected)), tabBarFrame(in: frame), placement: placement, look: look))
    }
}
