/// Opening a page from wherever the panel is, for remote steering (D-Bus `Open`, the MQTT
/// `open` command): a technician names a page, not the tap that leads to it.
extension Navigator {
    /// Shows page `id`: where the panel is, as a tap there would (turning a cube, selecting a
    /// tab, pushing on the stack around), when a tap on the page on screen reaches it or when
    /// nothing leads to it (an alert page only the fleet opens has no better place); otherwise
    /// along the shortest chain of container pages, placeholders and `open` actions from home
    /// (`routeFromHome`), each step opened from the page the step before it showed. A chain
    /// that starts at a page the schedule or the screensaver shows first opens that page where
    /// the panel is, as the schedule does. Returns false, with `lastRefusal` set, when it cannot
    /// be shown.
    @discardableResult
    public func reveal(_ id: PageID) -> Bool {
        guard configuration.pages[id] != nil else {
            lastRefusal = "open \(id): no such page"
            return false
        }
        // Only what a tap could do counts as a tap: pushing a page that home leads to on whatever
        // stack is around would leave a back button to a page that does not lead to it
        // (docs/control.md).
        let tapHere = tapReaches(id)
        if tapHere, perform(.open(id)) { return true }
        guard let route = routeFromHome(to: id) else {
            return tapHere ? false : perform(.open(id))
        }
        // Steps already on screen stay; each further step is opened from the page before it (an
        // animation just started leaves `activeNode` behind, so it is not the origin).
        let shown = route.prefix { isShowing($0) }.count
        if shown == 0 {
            // The chain starts at a page shown without a tap (the schedule's, the screensaver's).
            guard let first = route.first, perform(.open(first)) else {
                lastRefusal = "open \(id): \(lastRefusal ?? "cannot show page \"\(route[0])\"")"
                return false
            }
        }
        for index in max(shown, 1)..<route.count {
            let (previous, step) = (route[index - 1], route[index])
            // A placeholder shows by itself in its drill-down's empty column: nothing to open.
            if isPlaceholder(step, of: previous) { continue }
            guard let origin = origin(toOpen: step, in: route[..<index]),
                perform(.open(step), from: origin)
            else {
                lastRefusal =
                    "open \(id): on the way through page \"\(step)\": \(lastRefusal ?? "page \"\(previous)\" is not shown")"
                return false
            }
        }
        return true
    }

    /// True when a tap on the page on screen reaches `id`: one of its tiles or rows opens it, or
    /// a container around it already holds it (a face to turn to, a tab, a page on the stack).
    private func tapReaches(_ id: PageID) -> Bool {
        if configuration.pages[activeNode.id]?.openTargets.contains(id) == true { return true }
        var node: NavigationNode? = activeNode.parent
        while let current = node {
            if let container = current as? any Container,
                container.pages.contains(where: { $0.id == id })
            {
                return true
            }
            node = current.parent
        }
        return false
    }

    /// Where a tap opening `step` happens, `before` being the chain up to it: inside container
    /// page `previous` (one of its pages, so that `previous` is around it) when `step` is its
    /// child; on the page beside placeholder `previous` (a tap on a placeholder acts there);
    /// else on page `previous` itself.
    private func origin(toOpen step: PageID, in before: ArraySlice<PageID>) -> NavigationNode? {
        guard let previous = before.last else { return nil }
        let drillDown = before.dropLast().last
        if let drillDown, isPlaceholder(previous, of: drillDown) {
            return (node(showing: drillDown) as? any Container)?.placeholderOpener(previous)
        }
        guard let node = node(showing: previous) else { return nil }
        if let container = node as? any Container,
            configuration.pages[previous]?.children.contains(step) == true
        {
            return container.pages.first
        }
        return node
    }

    /// True when page `id` is a placeholder drill-down `page` draws in an empty column.
    private func isPlaceholder(_ id: PageID, of page: PageID) -> Bool {
        configuration.pages[page]?.placeholders.contains(id) == true
    }

    /// The node in the tree for page `id`, if it has one now.
    private func node(showing id: PageID) -> NavigationNode? {
        var queue: [NavigationNode] = [root]
        while let node = queue.popLast() {
            if node.id == id { return node }
            if let container = node as? any Container { queue.append(contentsOf: container.pages) }
        }
        return nil
    }

    /// True when `id` is the active page or one of the containers around it.
    private func isShowing(_ id: PageID) -> Bool {
        var node: NavigationNode? = activeNode
        while let current = node {
            if current.id == id { return true }
            node = current.parent
        }
        return false
    }

    /// Page ids from the root page (home) to `id` (both included) through every way a page
    /// leads to another (`PageRoutes`), fewest steps first; a page home does not lead to comes
    /// from a page the schedule or the screensaver shows, then the chain starts there; nil when
    /// nothing leads to `id`.
    public func routeFromHome(to id: PageID) -> [PageID]? {
        configuration.routes(from: [root.id]).route(to: id)
    }
}
