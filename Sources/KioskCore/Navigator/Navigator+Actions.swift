/// Actions from taps and keys, routed to the innermost container that can carry them out
/// (docs/architecture.md: open pushes in the enclosing drill-down or stack, or turns the enclosing
/// cube to the face that holds it; back pops; home unwinds; next/previous turn the enclosing cube).
/// Each container answers for itself (`Container.show`, `open`, `goBack`, `showNeighbour`,
/// `goHome`).
extension Navigator {
    /// Carries out `action` as if tapped on `source` (default: the page the user looks at).
    /// Returns false, with `lastRefusal` set, when no container can carry it out.
    @discardableResult
    public func perform(_ action: Action, from source: NavigationNode? = nil) -> Bool {
        lastRefusal = nil
        let origin = source ?? activeNode
        let done: Bool
        if askedForPIN(before: action, from: origin) {
            // Nothing moves until the PIN is in; the handler opens it then.
            done = true
        } else {
            done = carryOut(action, from: origin)
        }
        if !done && lastRefusal == nil {
            lastRefusal = "\(action): nothing to do from page \"\(origin.id)\""
        }
        layoutTree()
        focus.clear()
        return done
    }

    private func carryOut(_ action: Action, from origin: NavigationNode) -> Bool {
        let done: Bool
        switch action {
        case .open(let id): done = open(id, from: origin)
        case .openWith(let id, let transition):
            done = open(id, from: origin, transition: transition)
        case .back: done = chain(from: origin).contains { $0.container.goBack() }
        case .backWith(let transition):
            done = chain(from: origin).contains { $0.container.goBack(transition: transition) }
        case .home: done = home()
        case .nextFace:
            done = chain(from: origin).contains { $0.container.showNeighbour(forward: true) }
        case .previousFace:
            done = chain(from: origin).contains { $0.container.showNeighbour(forward: false) }
        case .command(let command): done = carryOut(command, from: origin)
        case .control(let input): done = carryOut(input, from: origin)
        case .language(let code):
            done = languageHandler?(code) ?? false
            if !done { lastRefusal = "language \(code): not one of [languages] available" }
        }
        return done
    }

    /// Opens by id by the page name (for `render --actions "open settings"` and tests).
    @discardableResult
    public func open(_ id: PageID) -> Bool { perform(.open(id)) }

    /// The chain from `node` up to the root, each container with its child on the way.
    private func chain(from node: NavigationNode) -> [(
        container: any Container, child: NavigationNode
    )] {
        var result: [(any Container, NavigationNode)] = []
        var child = node
        while let parent = child.parent {
            if let container = parent as? any Container { result.append((container, child)) }
            child = parent
        }
        return result
    }

    /// Passes over the containers around `origin`, innermost first: a container that already
    /// shows `id` goes to it (turns the cube to that face, selects that tab, pops back to it),
    /// then one whose page is a container holding `id` goes to that page and it to `id`;
    /// only when none does, the innermost stack or drill-down pushes a new subtree for it. So a
    /// page on a stack that opens a face of the cube around the stack turns the cube instead of
    /// pushing a second copy of the face. A page whose subtree holds a container around `origin`
    /// is refused: pushing it would nest a container inside itself.
    private func open(
        _ id: PageID, from origin: NavigationNode, transition: ActionTransition? = nil
    ) -> Bool {
        guard configuration.pages[id] != nil else {
            lastRefusal = "open \(id): no such page"
            return false
        }
        let around = chain(from: origin)
        do {
            for (container, _) in around where try container.show(id) { return true }
            for (container, _) in around where try showNested(id, in: container) { return true }
            for (container, child) in around where container.opensNewPages {
                // A closure, not the key path `\.container.id`: Swift 6.2's SIL verifier (on in
                // Debian's swiftlang, the arm64 package's compiler) rejects the key path's upcast
                // of `any Container` to NavigationNode.
                let enclosing = Set(around.map { $0.container.id } + [origin.id])
                if let nested = subtree(of: id).first(where: { enclosing.contains($0) }) {
                    lastRefusal =
                        "open \(id): it holds page \"\(nested)\", which is already shown around page \"\(origin.id)\""
                    return false
                }
                let node = try makeNode(id)
                node.openedFrom = activatedItem.flatMap { local($0, in: container) }
                if let transition {
                    try container.open(node, from: child, transition: transition)
                } else {
                    try container.open(node, from: child)
                }
                return true
            }
        } catch {
            lastRefusal = "open \(id): \(error)"
            return false
        }
        lastRefusal =
            "open \(id): no drill-down, stack, cube or tabs around page \"\(origin.id)\" can show it"
        return false
    }

    /// Goes to page `id` held by a container that is one of `container`'s pages (a playlist on a
    /// cube face, a tab of a tabs face): `container` shows that page, and it shows `id`. So the
    /// lobby playlist's pages are reached from the other faces, as the faces themselves are.
    private func showNested(_ id: PageID, in container: any Container) throws -> Bool {
        for case let inner as any Container in container.pages
        where inner.pages.contains(where: { $0.id == id }) {
            guard try container.show(inner.id) else { continue }
            return try inner.show(id)
        }
        return false
    }

    /// `rect` (root logical pixels) relative to `container`'s frame; nil when it is not on screen.
    private func local(_ rect: Rect, in container: any Container) -> Rect? {
        guard let frame = frame(of: container) else { return nil }
        return Rect(
            x: rect.minX - frame.minX, y: rect.minY - frame.minY, width: rect.width,
            height: rect.height)
    }

    /// `id` and every page its containers show, as configured.
    private func subtree(of id: PageID) -> [PageID] {
        var seen: [PageID] = []
        var queue = [id]
        while let next = queue.popLast() {
            guard !seen.contains(next), let page = configuration.pages[next] else { continue }
            seen.append(next)
            queue.append(contentsOf: page.children)
        }
        return seen
    }

    /// Every container back to its first page: stacks to their root, drill-downs to their root
    /// page alone, cubes to face 0, tabs to the first tab. Containers on screen animate.
    private func home() -> Bool {
        var changed = false
        // Recursion: one level per container of the live tree. Configured chains are at most
        // `ConfigLimits.nestingDepth` deep, `open` never pushes a page holding a container around
        // it and `NavigationState.restore` never restores a container inside itself, so no
        // container id repeats on a path: at most `ConfigLimits.pages` levels.
        func unwind(_ node: NavigationNode) {
            guard let container = node as? any Container else { return }
            changed = container.goHome() || changed
            container.pages.forEach(unwind)
        }
        unwind(root)
        return changed
    }
}
