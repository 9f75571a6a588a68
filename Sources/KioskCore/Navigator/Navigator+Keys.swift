/// Keys map to the same navigation as touches (KeyNavigation): Left/Right turn the cube around
/// the page in view, Up/Down move a focus over its tappable items, Enter activates the focused
/// item, Escape/Backspace go back, Home goes home.
extension Navigator {
    /// Feeds one key event; releases are ignored.
    public func handle(_ event: KeyEvent) {
        guard let intent = KeyNavigation.intent(for: event) else { return }
        let page = activeNode
        switch intent {
        case .nextFace: perform(.nextFace, from: page)
        case .previousFace: perform(.previousFace, from: page)
        case .back: perform(.back, from: page)
        case .home: perform(.home, from: page)
        case .moveFocus(let direction):
            let targets = activeTargets()
            focus.setCount(targets.count)
            _ = focus.move(direction)
            revealFocus(targets)
        case .activate:
            let targets = activeTargets()
            guard let index = focus.focusedIndex, targets.indices.contains(index) else { return }
            perform(targets[index].action, from: page)
        }
    }

    /// The page in view and the index of its focused item, for drawing the focus ring.
    public var focusedItem: (page: PageID, item: Int)? {
        guard let index = focus.focusedIndex else { return nil }
        return (activeNode.id, index)
    }

    /// The tappable items of the page in view, at the size it is shown.
    func activeTargets() -> [PanelTarget] {
        let node = activeNode
        return panels.targets(page: node.id, size: node.contentSize(frame: frame(of: node)?.size ?? viewport))
    }
}
