/// Where each container puts its children at rest; the Scene and hit testing start from the
/// sizes set here. Each container lays itself out (`Container.layout`); panels get their scroll
/// ranges from the measured content.
extension Navigator {
    /// Gives every container its size (cube turning extent, drill-down columns) and every panel
    /// its scroll range, after a resize, after pages were added and after a change settles.
    func layoutTree() {
        layout(root, size: viewport)
    }

    private func layout(_ node: NavigationNode, size: Size) {
        if let container = node as? any Container {
            container.layout(size: size) { child, childSize in layout(child, size: childSize) }
        } else if let panel = node as? PanelNode {
            panel.scroll.setBounds(
                contentHeight: contentHeight(of: panel.id, size: size), frameHeight: size.height)
        }
    }

    /// The page the user is looking at: down the chain of current children.
    public var activeNode: NavigationNode {
        var node = root
        while let next = (node as? any Container)?.currentChild { node = next }
        return node
    }

    /// The rest frame of `node` in root logical pixels (nil when it is not on screen).
    public func frame(of node: NavigationNode) -> Rect? {
        var result: Rect?
        func visit(_ current: NavigationNode, _ frame: Rect) {
            if current === node {
                result = frame
                return
            }
            guard let container = current as? any Container else { return }
            for child in container.childFrames(in: frame) { visit(child.node, child.frame) }
        }
        visit(root, Rect(size: viewport))
        return result
    }
}
