/// Actions from taps and keys, routed to the innermost container that can carry them out
/// (DESIGN.md: open pushes in the enclosing drill-down or stack, or turns the enclosing cube to
/// the face that holds it; back pops; home unwinds; next/previous turn the enclosing cube).
extension Navigator {
    /// Carries out `action` as if tapped on `source` (default: the page the user looks at).
    /// Returns false, with `lastRefusal` set, when no container can carry it out.
    @discardableResult
    public func perform(_ action: Action, from source: NavigationNode? = nil) -> Bool {
        lastRefusal = nil
        let origin = source ?? activeNode
        let done: Bool
        switch action {
        case .open(let id): done = open(id, from: origin)
        case .back: done = back(from: origin)
        case .home: done = home()
        case .nextFace: done = turn(from: origin, forward: true)
        case .previousFace: done = turn(from: origin, forward: false)
        }
        if !done && lastRefusal == nil { lastRefusal = "\(action): nothing to do from page \"\(origin.id)\"" }
        layoutTree()
        focus.clear()
        return done
    }

    /// Opens by id by the page name (for `render --actions "open settings"` and tests).
    @discardableResult
    public func open(_ id: PageID) -> Bool { perform(.open(id)) }

    /// The chain from `node` up to the root, each container with its child on the way.
    private func chain(from node: NavigationNode) -> [(container: ContainerNode, child: NavigationNode)] {
        var result: [(ContainerNode, NavigationNode)] = []
        var child = node
        while let parent = child.parent {
            result.append((parent, child))
            child = parent
        }
        return result
    }

    /// Two passes over the containers around `origin`, innermost first: a container that already
    /// shows `id` goes to it (turns the cube to that face, selects that tab, pops back to it);
    /// only when none does, the innermost stack or drill-down pushes a new subtree for it. So a
    /// page on a stack that opens a face of the cube around the stack turns the cube instead of
    /// pushing a second copy of the face. A page whose subtree holds a container around `origin`
    /// is refused: pushing it would nest a container inside itself.
    private func open(_ id: PageID, from origin: NavigationNode) -> Bool {
        guard configuration.pages[id] != nil else {
            lastRefusal = "open \(id): no such page"
            return false
        }
        let around = chain(from: origin)
        do {
            for (container, _) in around where try show(id, in: container) { return true }
            for (container, child) in around {
                guard container is TransitionStack || container is DrillDownContainer else { continue }
                let enclosing = Set(around.map(\.container.id) + [origin.id])
                if let nested = subtree(of: id).first(where: { enclosing.contains($0) }) {
                    lastRefusal = "open \(id): it holds page \"\(nested)\", which is already shown around page \"\(origin.id)\""
                    return false
                }
                if let stack = container as? TransitionStack {
                    try stack.push(try makeNode(id))
                } else if let drill = container as? DrillDownContainer {
                    try drill.open(try makeNode(id), from: child.id)
                }
                return true
            }
        } catch {
            lastRefusal = "open \(id): \(error)"
            return false
        }
        lastRefusal = "open \(id): no drill-down, stack, cube or tabs around page \"\(origin.id)\" can show it"
        return false
    }

    /// Goes to `id` when `container` already holds it; false when it does not.
    private func show(_ id: PageID, in container: ContainerNode) throws -> Bool {
        switch container {
        case let cube as CubeContainer:
            guard let index = cube.faces.firstIndex(where: { $0.id == id }) else { return false }
            cube.scroll(to: index, animated: true)
        case let tabs as TabsContainer:
            guard tabs.pages.contains(where: { $0.id == id }) else { return false }
            _ = tabs.select(page: id, transition: tabs.defaultTransition)
        case let stack as TransitionStack:
            guard stack.entries.contains(where: { $0.id == id }) else { return false }
            _ = try stack.popTo(id)
        case let drill as DrillDownContainer:
            guard drill.pages.contains(where: { $0.id == id }) else { return false }
            if drill.left.contains(where: { $0.id == id }) { _ = try drill.popTo(id) }
        default:
            return false
        }
        return true
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

    private func back(from origin: NavigationNode) -> Bool {
        for (container, _) in chain(from: origin) {
            switch container {
            case let stack as TransitionStack where stack.canGoBack:
                return stack.pop() != nil
            case let drill as DrillDownContainer where drill.canGoBack:
                _ = drill.pop()
                return true
            default:
                continue
            }
        }
        return false
    }

    private func turn(from origin: NavigationNode, forward: Bool) -> Bool {
        for (container, _) in chain(from: origin) {
            guard let cube = container as? CubeContainer, cube.count > 1 else { continue }
            if forward { cube.scrollForward(animated: true) } else { cube.scrollBack(animated: true) }
            return true
        }
        return false
    }

    /// Every container back to its first page: stacks to their root, drill-downs to their root
    /// page alone, cubes to face 0, tabs to the first tab. Containers on screen animate.
    private func home() -> Bool {
        var changed = false
        func unwind(_ node: NavigationNode) {
            switch node {
            case let stack as TransitionStack:
                if stack.canGoBack { changed = !stack.popToRoot().isEmpty || changed }
                unwind(stack.root)
            case let drill as DrillDownContainer:
                if let first = drill.left.first, drill.pages.count > 1 {
                    changed = true
                    if (try? drill.popTo(first.id)) == nil || drill.right != nil { _ = drill.pop() }
                }
                drill.pages.forEach(unwind)
            case let cube as CubeContainer:
                if cube.currentIndex != 0 {
                    changed = true
                    cube.scroll(to: 0, animated: true)
                }
                cube.faces.forEach(unwind)
            case let tabs as TabsContainer:
                if tabs.selectedIndex != 0 {
                    changed = (try? tabs.select(0, transition: tabs.defaultTransition)) == true || changed
                }
                tabs.pages.forEach(unwind)
            default:
                break
            }
        }
        unwind(root)
        return changed
    }
}
