/// Builds live navigation nodes from the config's page definitions.
///
/// Every page becomes a fresh node, so a page listed by two containers gets a node in each; a
/// container that contains itself, directly or not, is refused (config validation reports it
/// first), so the tree stays finite. Widths are initial
/// guesses from `size`; the Navigator sets real ones on layout (`CubeContainer.width`,
/// `DrillDownContainer.layout(width:)`).
public struct NavigationTreeBuilder: Sendable {
    public var pages: [PageID: PageDefinition]
    /// The output's logical size.
    public var size: Size

    public init(pages: [PageID: PageDefinition], size: Size) {
        self.pages = pages
        self.size = size
    }

    /// A new subtree for page `id` (the home page at start, or a page an `open` action pushes).
    public func build(_ id: PageID) throws(NavigationError) -> NavigationNode {
        var used: Set<PageID> = []
        return try build(id, used: &used)
    }

    private func build(_ id: PageID, used: inout Set<PageID>) throws(NavigationError) -> NavigationNode {
        guard let page = pages[id] else { throw .unknownPage(id) }
        // `used` holds the pages on the path from the subtree's root: a repeat is a cycle.
        guard used.insert(id).inserted else { throw .pageInOtherContainer(id) }
        defer { used.remove(id) }
        switch page.content {
        case .panel:
            return PanelNode(id)
        case .cube(let spec):
            var faces: [NavigationNode] = []
            for face in spec.faces { faces.append(try build(face, used: &used)) }
            let cube = CubeContainer(id: id, faces: faces, wraps: spec.wraps)
            cube.orientation = spec.orientation
            cube.width = spec.orientation == .horizontal ? size.width : size.height
            return cube
        case .drillDown(let spec):
            let root = try build(spec.root, used: &used)
            return DrillDownContainer(
                id: id, root: root, leftWidth: spec.leftWidth, foldBelow: spec.foldBelow, width: size.width)
        case .stack(let spec):
            return TransitionStack(id: id, root: try build(spec.root, used: &used), defaultTransition: spec.transition)
        case .tabs(let spec):
            var children: [NavigationNode] = []
            for child in spec.pages { children.append(try build(child, used: &used)) }
            return TabsContainer(id: id, pages: children, defaultTransition: spec.transition)
        }
    }
}
