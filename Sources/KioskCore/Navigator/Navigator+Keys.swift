/// Keys map to the same navigation as touches (KeyNavigation): Left/Right turn the cube around
/// the page in view, Up/Down/Tab move a focus over its tappable items, Enter activates the focused
/// item, Escape/Backspace go back, Home goes home.
///
/// The focus is shown (`focusedItem`, a ring in the Scene) only once a key was used, and hidden
/// again by the next touch. While keys are in use, the page in view always has a focused item
/// when it has any: a page that comes into view (pushed by Enter, a cube turned by Left/Right, a
/// page gone back to) focuses the item it had focused when the keyboard left it, else its first.
extension Navigator {
    /// Feeds one key event; releases are ignored.
    public func handle(_ event: KeyEvent) {
        if event.isPressed { tellContainersVisitorIsHere() }
        guard let intent = KeyNavigation.intent(for: event) else { return }
        let page = activeNode
        keyboard.isActive = true
        syncFocus(autoFocus: false)
        rememberFocus()
        switch intent {
        case .nextFace: perform(.nextFace, from: page)
        case .previousFace: perform(.previousFace, from: page)
        case .back: perform(.back, from: page)
        case .home: perform(.home, from: page)
        case .moveFocus(let direction):
            focus.move(direction)
            revealFocus(activeTargets())
        case .activate:
            let targets = activeTargets()
            guard let index = focus.focusedIndex, targets.indices.contains(index) else {
                // Nothing focused yet: the first Enter shows where the focus is.
                focus.move(.next)
                revealFocus(targets)
                break
            }
            activatedItem = itemFrame(targets[index].rect, on: page)
            defer { activatedItem = nil }
            perform(targets[index].action, from: page)
        }
        syncFocus(autoFocus: true)
    }

    /// The page in view and the index of its focused item, for drawing the focus ring; nil
    /// until a key is used and after a touch.
    public var focusedItem: (page: PageID, item: Int)? {
        guard keyboard.isActive, let index = focus.focusedIndex, keyboard.page == activeNode.id
        else { return nil }
        return (activeNode.id, index)
    }

    /// True after a navigation key, until the next touch: the focus ring shows.
    public var showsFocus: Bool { keyboard.isActive }

    /// A touch went down: keys are no longer in use, the ring goes.
    func touchHidesFocus() {
        guard keyboard.isActive else { return }
        rememberFocus()
        keyboard.isActive = false
        focus.clear()
    }

    /// Keeps the focus on the page in view: when another page came into view, the previous one's
    /// item is remembered and the focus starts empty there; with `autoFocus` (after a key) the
    /// page's remembered item, else its first, is focused when nothing is.
    func syncFocus(autoFocus: Bool) {
        let page = activeNode.id
        let targets = activeTargets()
        if keyboard.page != page {
            rememberFocus()
            keyboard.page = page
            focus.clear()
        }
        focus.setCount(targets.count)
        if autoFocus && keyboard.isActive && focus.focusedIndex == nil && !targets.isEmpty {
            focus.focus(min(keyboard.remembered[page] ?? 0, targets.count - 1))
        }
    }

    private func rememberFocus() {
        guard let page = keyboard.page, let index = focus.focusedIndex else { return }
        keyboard.remembered[page] = index
    }

    /// The tappable items of the page in view, at the size it is shown.
    func activeTargets() -> [PanelTarget] {
        let node = activeNode
        return panels.targets(
            page: node.id, size: node.contentSize(frame: frame(of: node)?.size ?? viewport))
    }

    /// `rect` of a panel's content (a target) in root logical pixels, as the panel shows it now.
    func itemFrame(_ rect: Rect, on node: NavigationNode) -> Rect? {
        guard let frame = frame(of: node) else { return nil }
        return Rect(
            x: frame.minX + rect.minX, y: frame.minY + rect.minY - node.scrollOffset,
            width: rect.width,
            height: rect.height)
    }
}
