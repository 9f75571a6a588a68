/// Locked pages (`lock = "…"`): an `open` that leads to one, from a tap, a key or the outside,
/// goes to the `lockHandler` (the runner's PIN pad) instead, with a closure that unlocks the page
/// and carries out the same action from the same page once the right PIN is in.
extension Navigator {
    /// True when `action` opens a locked page and the handler was asked for its PIN.
    func askedForPIN(before action: Action, from origin: NavigationNode) -> Bool {
        guard let lockHandler, let id = action.openedPage, let page = configuration.pages[id],
            locks.isLocked(page)
        else { return false }
        lockHandler(page) { [weak self, weak origin] in
            guard let self else { return }
            locks.unlock(id)
            // The page the tap was on, when it is still in the tree (a remote `open` may have
            // moved the navigation while the pad was up); else the page looked at.
            perform(action, from: origin.flatMap { isInTree($0) ? $0 : nil })
        }
        return true
    }

    private func isInTree(_ node: NavigationNode) -> Bool {
        var top = node
        while let parent = top.parent { top = parent }
        return top === root
    }

    /// Whether the page looked at, or a container around it, is locked and was not opened with
    /// its PIN (a navigation restored after a restart).
    public var showsLockedPage: Bool {
        var node: NavigationNode? = activeNode
        while let shown = node {
            if let page = configuration.pages[shown.id], locks.isLocked(page) { return true }
            node = shown.parent
        }
        return false
    }

    /// The panel was idle: every locked page asks for its PIN again.
    public func relockPages() {
        locks.relock()
    }
}
