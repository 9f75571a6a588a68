/// The stack through the `Container` protocol: every entry fills the frame below its header, the top one shows
/// (two during a transition) below its header, a drag from the left edge pops interactively, `open` pushes or pops
/// back to a page already on it, and it saves its entries.
extension TransitionStack: Container {
    public var pages: [NavigationNode] { entries }
    public var currentChild: NavigationNode? { top }

    public func layout(size: Size, child: (NavigationNode, Size) -> Void) {
        let content = contentFrame(in: Rect(size: size)).size
        for entry in entries { child(entry, content) }
    }

    public func childFrames(in frame: Rect) -> [(node: NavigationNode, frame: Rect)] {
        [(top, contentFrame(in: frame))]
    }

    // MARK: Touch

    public func claims(in frame: Rect, into touches: inout TouchClaims) {
        if !(drawsHeader && claimHeader(in: frame, into: &touches)) {
            touches.collect(top, frame: contentFrame(in: frame))
        }
        guard canGoBack else { return }
        // Dragged back from its left edge (AD issue #29), in fractions of its width.
        touches.claim([.edgeSwipe(.left)], region: frame) { [self] gesture in
            guard case .edgeSwipe(_, let pan) = gesture else { return }
            let fraction = pan.translation.x / max(frame.width, 1)
            switch pan.phase {
            case .began:
                if beginInteractivePop() { updateInteractivePop(fraction: fraction) }
            case .changed: updateInteractivePop(fraction: fraction)
            case .ended: endInteractivePop(velocity: pan.velocity.x / max(frame.width, 1))
            case .cancelled: cancelInteractivePop()
            }
        }
    }

    public func draw(
        in frame: Rect, placement: Matrix4, look: SceneLook, into scene: inout SceneBuilder
    ) {
        guard drawsHeader else {
            scene.drawTransitioning(
                current: top, running: running, at: now, frame: frame, placement: placement,
                look: look)
            return
        }
        let content = contentFrame(in: frame)
        scene.drawTransitioning(
            current: top, running: running, at: now, frame: content, placement: placement,
            look: look.clipped(to: content, placement: placement))
        drawHeader(in: frame, placement: placement, look: look, into: &scene)
    }

    // MARK: Actions

    public func show(_ id: PageID) throws -> Bool {
        guard entries.contains(where: { $0.id == id }) else { return false }
        _ = try popTo(id)
        return true
    }

    public var opensNewPages: Bool { true }

    public func open(_ node: NavigationNode, from child: NavigationNode) throws { try push(node) }

    public func open(
        _ node: NavigationNode, from child: NavigationNode, transition: ActionTransition
    ) throws {
        try push(node, transition: transition)
    }

    public func goBack() -> Bool { canGoBack && pop() != nil }

    public func goBack(transition: TransitionOverride) -> Bool {
        canGoBack && pop(transition: PopTransition(transition, over: defaultTransition)) != nil
    }

    public func goHome() -> Bool { canGoBack && !popToRoot().isEmpty }

    // MARK: State

    public var savedState: NavigationState.Entry? { .stack(entries.map(\.id)) }

    public func restore(_ entry: NavigationState.Entry, makeNode: (PageID) -> NavigationNode?)
        -> Bool
    {
        guard let saved = entry.stackPages else { return false }
        let ids = NavigationState.unique(saved)
        guard ids.first == root.id else { return false }
        let nodes = ids.compactMap { NavigationState.node($0, among: entries, makeNode: makeNode) }
        return (try? setStack(nodes, transition: nil)) != nil
    }
}

extension NavigationState.Entry {
    /// A stack's pages, bottom (root) first: `stack <id> <pages…>`.
    public static func stack(_ pages: [PageID]) -> Self {
        Self(kind: ContainerKind.stack.name, words: NavigationState.words(pages))
    }

    /// The pages of a stack's entry; nil for another kind's.
    var stackPages: [PageID]? {
        kind == ContainerKind.stack.name ? NavigationState.ids(words) : nil
    }
}

extension ContainerKind {
    /// `type = "stack"`: the page's `root` at the bottom, pushes with its `transition`.
    public static let stack = ContainerKind(
        name: "stack",
        readState: { words in words.isEmpty ? nil : NavigationState.normalized(words) }
    ) {
        (page: PageDefinition, size: Size, child: BuildChild) throws(NavigationError)
            -> NavigationNode? in
        guard case .stack(let spec) = page.content else { return nil }
        let stack = TransitionStack(
            id: page.id, root: try child(spec.root), defaultTransition: spec.transition)
        stack.showsHeader = spec.showsHeader
        return stack
    }
}
