extension DrillDownContainer {
    typealias Tracks = [(from: DrillDownColumn, to: DrillDownColumn)]

    /// Folded: the new front slides in from the right over the old one, which recedes dimmed.
    private func forwardSlide(from old: NavigationNode?, to new: NavigationNode?) -> Tracks {
        let a = fullRest(old)
        let b = fullRest(new)
        return [(a, a.moved(by: -parallax * width, dim: maxDim)), (b.moved(by: width), b)]
    }

    /// Folded: the old front slides off to the right, uncovering the new one.
    private func backSlide(from old: NavigationNode?, to new: NavigationNode?) -> Tracks {
        let a = fullRest(old)
        let b = fullRest(new)
        return [(b.moved(by: -parallax * width, dim: maxDim), b), (a, a.moved(by: width))]
    }

    private func still(_ column: DrillDownColumn) -> (from: DrillDownColumn, to: DrillDownColumn) {
        (column, column)
    }

    private func checkNew(_ node: NavigationNode) throws {
        if pages.contains(where: { $0 === node || $0.id == node.id }) {
            throw NavigationError.alreadyShown(node.id, container: id)
        }
        if let p = node.parent, p !== self { throw NavigationError.pageInOtherContainer(node.id) }
    }

    /// Pushes `node` (SGB §4.3): onto an empty drill-down it becomes the left page (A); with no
    /// right page it becomes the right page (B); otherwise the right page moves to the left stack
    /// and `node` (or nothing) takes the right column (C). nil with no right page does nothing.
    public func push(_ node: NavigationNode?) throws {
        if let node { try checkNew(node) } else if right == nil { return }
        let picture = interruptRunning()
        let before = shownPages
        let oldFront = right ?? left.last
        var tracks: Tracks
        if left.isEmpty, let node {
            left = [node]
            let placeholder = leftRest(nil)
            tracks = [
                still(rightRest(nil)),
                (placeholder, placeholder.moved(by: parallax * lw, dim: maxDim)),
                (leftRest(node).moved(by: -lw), leftRest(node))
            ]
        } else if right == nil {
            right = node
            let placeholder = rightRest(nil)
            tracks = [
                (placeholder, placeholder.moved(by: -parallax * rw, dim: maxDim)),
                still(leftRest(left.last)),
                (rightRest(node).moved(by: rw), rightRest(node))
            ]
        } else {
            let oldLeft = left.last
            let oldRight = right
            if let oldRight { left.append(oldRight) }
            right = node
            let l = leftRest(oldLeft)
            let incoming =
                node == nil
                ? (rightRest(nil).moved(by: parallax * rw, dim: maxDim), rightRest(nil))
                : (rightRest(node).moved(by: rw, dim: maxDim), rightRest(node))
            tracks = [
                (l, l.moved(by: -parallax * lw, dim: maxDim)), incoming,
                (rightRest(oldRight), leftRest(oldRight))
            ]
        }
        if let node { adopt(node) }
        if isFolded { tracks = forwardSlide(from: oldFront, to: right ?? left.last) }
        start(tracks, before: before, removed: [], over: picture)
        report(.drillDown(id, .push(node?.id)))
    }

    /// Changes the model for a pop and returns the animation; nil when the stack is empty.
    func popPlan() -> (tracks: Tracks, removed: [NavigationNode], popped: NavigationNode?)? {
        guard let oldLeft = left.last else { return nil }
        let oldFront = right ?? oldLeft
        var result: (tracks: Tracks, removed: [NavigationNode], popped: NavigationNode?)
        if left.count == 1 && right == nil {
            left.removeAll()
            let placeholder = leftRest(nil)
            result = (
                [
                    still(rightRest(nil)),
                    (placeholder.moved(by: parallax * lw, dim: maxDim), placeholder),
                    (leftRest(oldLeft), leftRest(oldLeft).moved(by: -lw))
                ], [oldLeft], oldLeft
            )
        } else if left.count == 1, let oldRight = right {
            right = nil
            let placeholder = rightRest(nil)
            result = (
                [
                    (placeholder.moved(by: -parallax * rw, dim: maxDim), placeholder),
                    still(leftRest(oldLeft)),
                    (rightRest(oldRight), rightRest(oldRight).moved(by: rw))
                ], [oldRight], oldRight
            )
        } else {
            let oldRight = right
            left.removeLast()
            right = oldLeft
            let newLeft = leftRest(left.last)
            let r = rightRest(oldRight)
            result = (
                [
                    (r, r.moved(by: parallax * rw, dim: maxDim)),
                    (newLeft.moved(by: -parallax * lw, dim: maxDim), newLeft),
                    (leftRest(oldLeft), rightRest(oldLeft))
                ], oldRight.map { [$0] } ?? [], oldRight
            )
        }
        if isFolded { result.tracks = backSlide(from: oldFront, to: right ?? left.last) }
        return result
    }

    /// Pops one step (SGB pop): returns the removed page — nil when the stack is empty, and nil
    /// when the right column was empty (the left top then just moves to the right column).
    @discardableResult
    public func pop() -> NavigationNode? {
        // Nothing to pop leaves a running change alone (completing it would jump).
        guard !left.isEmpty else { return nil }
        let picture = interruptRunning()
        let before = shownPages
        guard let plan = popPlan() else { return nil }
        start(plan.tracks, before: before, removed: plan.removed, over: picture)
        report(.drillDown(id, .pop(plan.popped?.id)))
        return plan.popped
    }

    /// Pops until `page` is the left page and the page pushed after it is the right page
    /// (SGB popTo). `page` must be on the left stack; the current left page is a no-op.
    /// Returns the removed pages, bottom first.
    @discardableResult
    public func popTo(_ page: PageID) throws -> [NavigationNode] {
        guard let index = left.firstIndex(where: { $0.id == page }) else {
            throw NavigationError.notOnStack(page, container: id)
        }
        if index == left.count - 1 { return [] }
        if index == left.count - 2 { return pop().map { [$0] } ?? [] }
        let picture = interruptRunning()
        let before = shownPages
        let oldFront = right ?? left.last
        let target = left[index]
        let next = left[index + 1]
        let oldLeft = left.last
        let oldRight = right
        let removed = Array(left[(index + 2)...]) + (oldRight.map { [$0] } ?? [])
        left.removeSubrange((index + 1)...)
        right = next
        var tracks: Tracks
        if isFolded {
            tracks = backSlide(from: oldFront, to: next)
        } else {
            let r = rightRest(oldRight)
            let t = leftRest(target)
            tracks = [
                (r, r.moved(by: parallax * rw, dim: maxDim)),
                (t.moved(by: -parallax * lw, dim: maxDim), t),
                (leftRest(next), rightRest(next)),
                (leftRest(oldLeft), leftRest(oldLeft).moved(by: -lw))
            ]
        }
        start(tracks, before: before, removed: removed, over: picture)
        report(.drillDown(id, .popTo(page)))
        return removed
    }

    /// popTo the first left page: [root | second]. No-op with two pages or fewer.
    @discardableResult
    public func popToRoot() -> [NavigationNode] {
        guard let root = left.first else { return [] }
        return (try? popTo(root.id)) ?? []
    }

    /// Puts `node` (nil = empty) in the right column. Needs a left page; the same page is a no-op.
    public func replaceRight(_ node: NavigationNode?, animation: DrillDownReplaceAnimation = .fade)
        throws
    {
        guard let leftTop = left.last else { throw NavigationError.noLeftPage(container: id) }
        if node === right || (node == nil && right == nil) { return }
        if let node { try checkNew(node) }
        let picture = interruptRunning()
        let before = shownPages
        let oldRight = right
        right = node
        if let node { adopt(node) }
        var tracks: Tracks
        if isFolded {
            let a = fullRest(oldRight ?? leftTop)
            let b = fullRest(node ?? leftTop)
            tracks =
                animation == .fade
                ? [(a, a.moved(by: 0, opacity: 0)), (b.moved(by: 0, opacity: 0), b)]
                : forwardSlide(from: oldRight ?? leftTop, to: node ?? leftTop)
        } else if animation == .fade {
            let a = rightRest(oldRight)
            let b = rightRest(node)
            tracks = [
                still(leftRest(leftTop)), (a, a.moved(by: 0, opacity: 0)),
                (b.moved(by: 0, opacity: 0), b)
            ]
        } else {
            let a = rightRest(oldRight)
            let b = rightRest(node)
            tracks = [
                (a, a.moved(by: -parallax * rw, dim: maxDim)), still(leftRest(leftTop)),
                (b.moved(by: rw), b)
            ]
        }
        start(tracks, before: before, removed: oldRight.map { [$0] } ?? [], over: picture)
        report(.drillDown(id, .replaceRight(node?.id)))
    }

    /// Opens `node` from the page `source` showing in this drill-down (SGB showRight:forLeft:):
    /// from the right page it pushes; from the left page (or a deeper left page, after popping to
    /// it) it replaces the right page with `replaceAnimation`, or slides in when the right column
    /// was empty.
    public func open(_ node: NavigationNode, from source: PageID) throws {
        if right?.id == source { return try push(node) }
        guard left.contains(where: { $0.id == source }) else {
            throw NavigationError.notOnStack(source, container: id)
        }
        try checkNew(node)
        try popTo(source)
        if right == nil {
            try push(node)
        } else {
            try replaceRight(node, animation: replaceAnimation)
        }
    }

    /// Replaces everything at once, without animation (restoring saved state).
    public func setPages(left newLeft: [NavigationNode], right newRight: NavigationNode?) throws {
        let keptRight = newLeft.isEmpty ? nil : newRight
        let all = newLeft + (keptRight.map { [$0] } ?? [])
        var seen: Set<PageID> = []
        for node in all {
            if !seen.insert(node.id).inserted {
                throw NavigationError.alreadyShown(node.id, container: id)
            }
            if let p = node.parent, p !== self {
                throw NavigationError.pageInOtherContainer(node.id)
            }
        }
        completeRunning(reconcile: true)
        for node in pages where !all.contains(where: { $0 === node }) { release(node) }
        left = newLeft
        right = keptRight
        for node in pages { adopt(node) }
        reconcileChildren(animated: false)
    }
}
