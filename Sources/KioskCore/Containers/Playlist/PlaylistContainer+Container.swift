/// The playlist through the `Container` protocol: the page shown fills the frame (two during a
/// turn), touches go to it, `open` of one of its pages turns to it, `home` turns to the first,
/// and a touch pauses the turning. It saves nothing: a loop that turns by itself would rewrite
/// the state file at every turn (flash wear), and a restart may as well begin at the first page.
extension PlaylistContainer: Container {
    public var currentChild: NavigationNode? { currentPage }

    public func layout(size: Size, child: (NavigationNode, Size) -> Void) {
        for page in pages { child(page, size) }
    }

    public func childFrames(in frame: Rect) -> [(node: NavigationNode, frame: Rect)] {
        currentPage.map { [($0, frame)] } ?? []
    }

    public func claims(in frame: Rect, into touches: inout TouchClaims) {
        if let page = currentPage { touches.collect(page, frame: frame) }
    }

    public func draw(
        in frame: Rect, placement: Matrix4, look: SceneLook, into scene: inout SceneBuilder
    ) {
        scene.drawTransitioning(
            current: currentPage, running: running, at: now, frame: frame, placement: placement,
            look: look.clipped(to: frame, placement: placement))
    }

    public func show(_ id: PageID) throws -> Bool {
        guard let index = pages.firstIndex(where: { $0.id == id }) else { return false }
        turn(to: index, transition: turnTransition)
        return true
    }

    public func goHome() -> Bool { turn(to: 0, transition: turnTransition) }

    public func visitorInteracted() { pause() }

    public var pagesInView: PagesInView? {
        PagesInView(switching: transition, resting: currentPage, in: self)
    }

    public var savedState: NavigationState.Entry? { nil }

    public func restore(_ entry: NavigationState.Entry, makeNode: (PageID) -> NavigationNode?)
        -> Bool
    { false }
}

extension ContainerKind {
    /// `type = "playlist"`: the page's `pages`, turned after their dwell with its `transition`.
    public static let playlist = ContainerKind(name: "playlist", readState: { _ in nil }) {
        (page: PageDefinition, size: Size, child: BuildChild) throws(NavigationError)
            -> NavigationNode? in
        guard case .playlist(let spec) = page.content else { return nil }
        var children: [NavigationNode] = []
        for id in spec.pages { children.append(try child(id)) }
        return PlaylistContainer(
            id: page.id, pages: children, dwells: spec.pages.map { spec.dwell(of: $0) },
            turnTransition: spec.transition, resumeAfter: spec.resumeAfter)
    }
}
