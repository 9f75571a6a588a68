/// The cube through the `Container` protocol: every face fills the cube's frame, a pan along its
/// axis turns it, `open` of a face's id turns to that face, next/previous turn it one face, and
/// it saves the face it shows.
extension CubeContainer: Container {
    public var pages: [NavigationNode] { faces }
    public var currentChild: NavigationNode? { currentFace }

    public func layout(size: Size, child: (NavigationNode, Size) -> Void) {
        width = orientation == .horizontal ? size.width : size.height
        for face in faces { child(face, size) }
    }

    public func childFrames(in frame: Rect) -> [(node: NavigationNode, frame: Rect)] {
        currentFace.map { [($0, frame)] } ?? []
    }

    // MARK: Touch

    public func claims(in frame: Rect, into touches: inout TouchClaims) {
        if let face = currentFace { touches.collect(face, frame: frame) }
        let hold = MotionCatch(
            grab: { [self] in catchMotion() }, release: { [self] in releaseHold() })
        // A vertical cube also takes vertical swipes from its top and bottom edge strips, so a
        // face holding a long list turns from there wherever the list is scrolled (the list has
        // the rest of the face, and turns it from its own ends).
        let accepts: Set<GestureKind> =
            orientation == .horizontal
            ? [.horizontalPan] : [.verticalPan, .edgeSwipe(.top), .edgeSwipe(.bottom)]
        touches.claim(accepts, region: frame, catching: hold) {
            [self] gesture in
            switch gesture {
            case .pan(let pan), .edgeSwipe(_, let pan): follow(pan)
            default: break
            }
        }
    }

    private func follow(_ pan: PanGesture) {
        switch pan.phase {
        case .began:
            beginDrag()
            drag(translation: pan.axisTranslation)
        case .changed: drag(translation: pan.axisTranslation)
        case .ended: endDrag(velocity: pan.axisVelocity)
        case .cancelled: cancelDrag()
        }
    }

    // MARK: Actions

    public func show(_ id: PageID) throws -> Bool {
        guard let index = faces.firstIndex(where: { $0.id == id }) else { return false }
        scroll(to: index, animated: true)
        return true
    }

    public func showNeighbour(forward: Bool) -> Bool {
        guard count > 1 else { return false }
        if forward { scrollForward(animated: true) } else { scrollBack(animated: true) }
        return true
    }

    /// Turns to the starting face (`start`, the first face by default).
    public func goHome() -> Bool {
        guard currentIndex != startIndex, faces.indices.contains(startIndex) else { return false }
        scroll(to: startIndex, animated: true)
        return true
    }

    // MARK: State

    /// The page on the face it shows, so reordering `faces` keeps showing that page.
    public var savedState: NavigationState.Entry? { currentFace.map { .cube(face: $0.id) } }

    public func restore(_ entry: NavigationState.Entry, makeNode: (PageID) -> NavigationNode?)
        -> Bool
    {
        guard let page = entry.page(of: .cube),
            let face = faces.firstIndex(where: { $0.id == page })
        else { return false }
        setCurrentIndex(face)
        return true
    }
}

extension NavigationState.Entry {
    /// A cube showing the face of page `face`: `cube <id> <page>`.
    public static func cube(face: PageID) -> Self { .page(face, of: .cube) }
}

extension ContainerKind {
    /// `type = "cube"`: faces built from the page's `faces`.
    public static let cube = ContainerKind(name: "cube", readState: NavigationState.Entry.readPage)
    {
        (page: PageDefinition, size: Size, child: BuildChild) throws(NavigationError)
            -> NavigationNode? in
        guard case .cube(let spec) = page.content else { return nil }
        var faces: [NavigationNode] = []
        for face in spec.faces { faces.append(try child(face)) }
        let start = spec.start.flatMap { id in spec.faces.firstIndex(of: id) } ?? 0
        let cube = CubeContainer(id: page.id, faces: faces, wraps: spec.wraps, index: start)
        cube.orientation = spec.orientation
        cube.prismSides = spec.sides
        cube.durationPerFace = spec.durationPerFace
        cube.perspective = spec.perspective
        cube.width = spec.orientation == .horizontal ? size.width : size.height
        return cube
    }
}
