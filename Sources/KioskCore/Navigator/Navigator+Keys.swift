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
        return panelTargets(node.id, contentSize(of: node, frame: frame(of: node)?.size ?? viewport))
    }

    /// The rest frame of `node` in root logical pixels (nil when it is not on screen).
    public func frame(of node: NavigationNode) -> Rect? {
        var result: Rect?
        func visit(_ current: NavigationNode, _ frame: Rect) {
            if current === node {
                result = frame
                return
            }
            switch current {
            case let cube as CubeContainer:
                if let face = cube.currentFace { visit(face, frame) }
            case let drill as DrillDownContainer:
                for column in drill.columns {
                    guard case .page(let id) = column.content, let page = child(of: drill, id: id) else { continue }
                    let size = pageSize(in: drill, columnWidth: column.width, height: frame.height)
                    visit(page, Rect(origin: Point(x: frame.minX + column.x, y: frame.minY + ChromeMetrics.headerHeight), size: size))
                }
            case let stack as TransitionStack:
                visit(stack.top, frame)
            case let tabs as TabsContainer:
                if let page = tabs.selectedPage { visit(page, tabContentFrame(in: frame)) }
            default:
                break
            }
        }
        visit(root, Rect(size: viewport))
        return result
    }
}
