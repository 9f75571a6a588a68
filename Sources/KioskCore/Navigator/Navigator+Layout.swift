/// Where each container puts its children at rest, in the container's own logical pixels.
/// The Scene and hit testing both start from these frames.
extension Navigator {
    /// Gives every container its width from its frame (cube turning extent, drill-down columns),
    /// after a resize and after pages were added.
    func layoutTree() {
        layout(root, frame: Rect(size: viewport))
    }

    private func layout(_ node: NavigationNode, frame: Rect) {
        switch node {
        case let cube as CubeContainer:
            cube.width = cube.orientation == .horizontal ? frame.width : frame.height
            for face in cube.faces { layout(face, frame: Rect(size: frame.size)) }
        case let drill as DrillDownContainer:
            drill.layout(width: frame.width)
            for page in drill.pages {
                // A panel's scroll range is measured at its column's rest width (its text wraps
                // there); nested containers keep the drill-down's width as before.
                var width = frame.width
                if page is PanelNode && !drill.isFolded {
                    let isLeft = drill.left.contains { $0 === page }
                    width = isLeft ? drill.leftWidth : max(1, drill.width - drill.leftWidth - ChromeMetrics.columnGap)
                }
                layout(page, frame: Rect(size: pageSize(in: drill, columnWidth: width, height: frame.height)))
            }
        case let stack as TransitionStack:
            for entry in stack.entries { layout(entry, frame: Rect(size: frame.size)) }
        case let tabs as TabsContainer:
            for page in tabs.pages { layout(page, frame: tabContentFrame(in: Rect(size: frame.size))) }
        case let panel as PanelNode:
            panel.scroll.setBounds(contentHeight: contentHeight(of: panel.id, size: frame.size), frameHeight: frame.height)
        default:
            break
        }
    }

    /// The area of a tabs container above its tab bar.
    func tabContentFrame(in frame: Rect) -> Rect {
        Rect(x: frame.minX, y: frame.minY, width: frame.width, height: max(1, frame.height - ChromeMetrics.tabBarHeight))
    }

    /// The tab bar along the bottom.
    func tabBarFrame(in frame: Rect) -> Rect {
        let h = min(ChromeMetrics.tabBarHeight, frame.height)
        return Rect(x: frame.minX, y: frame.maxY - h, width: frame.width, height: h)
    }

    /// The size a page inside a drill-down column is laid out at. While a column animates its
    /// width (SGB resizes its clipping column containers), the page keeps at least the narrower
    /// rest width and is clipped, so columns collapsing to nothing do not squeeze their text.
    func pageSize(in drill: DrillDownContainer, columnWidth: Double, height: Double) -> Size {
        let restLeft = drill.isFolded ? drill.width : drill.leftWidth
        let restRight = drill.isFolded ? drill.width : max(1, drill.width - drill.leftWidth - ChromeMetrics.columnGap)
        let floor = min(restLeft, restRight)
        return Size(width: max(floor, columnWidth.rounded()), height: max(1, height - ChromeMetrics.headerHeight))
    }

    /// A child of `container` by page id, including pages on their way out (a popped page still
    /// animating away).
    func child(of container: ContainerNode, id: PageID) -> NavigationNode? {
        container.allPlacements().first { $0.node.id == id }?.node
    }

    /// The page the user is looking at: down the chain of current children.
    public var activeNode: NavigationNode {
        var node = root
        while let next = currentChild(of: node) { node = next }
        return node
    }

    /// The child a container shows as its current page (nil for a panel).
    func currentChild(of node: NavigationNode) -> NavigationNode? {
        switch node {
        case let cube as CubeContainer: cube.currentFace
        case let drill as DrillDownContainer: drill.right ?? drill.left.last
        case let stack as TransitionStack: stack.top
        case let tabs as TabsContainer: tabs.selectedPage
        default: nil
        }
    }
}
