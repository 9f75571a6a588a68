/// Builds live navigation nodes from the config's page definitions.
///
/// Every page becomes a fresh node, so a page listed by two containers gets a node in each; a
/// container that contains itself, directly or not, is refused (config validation reports it
/// first), so the tree stays finite. Widths are initial
/// guesses from `size`; the Navigator sets real ones on layout (`Container.layout`). Each
/// container kind builds its own page (`ContainerKind.build`).
public struct NavigationTreeBuilder: Sendable {
    public var pages: [PageID: PageDefinition]
    /// The output's logical size.
    public var size: Size

    /// The container kinds pages are built with.
    public var containers: ContainerRegistry

    public init(
        pages: [PageID: PageDefinition], size: Size, containers: ContainerRegistry = .standard
    ) {
        self.pages = pages
        self.size = size
        self.containers = containers
    }

    /// A new subtree for page `id` (the home page at start, or a page an `open` action pushes).
    public func build(_ id: PageID) throws(NavigationError) -> NavigationNode {
        var used: Set<PageID> = []
        return try build(id, used: &used)
    }

    /// Recursion: one level per container on a chain of configured children: at most
    /// `ConfigLimits.nestingDepth` (16, `PageGraph.checkNesting`), and `used` stops a cycle.
    private func build(_ id: PageID, used: inout Set<PageID>) throws(NavigationError)
        -> NavigationNode
    {
        guard let page = pages[id] else { throw .unknownPage(id) }
        // `used` holds the pages on the path from the subtree's root: a repeat is a cycle.
        guard used.insert(id).inserted else { throw .pageInOtherContainer(id) }
        defer { used.remove(id) }
        if case .panel = page.content { return PanelNode(id) }
        let kind = containers.kind(named: page.content.typeName)
        guard
            let node = try kind?.build(
                page, size,
                { (child: PageID) throws(NavigationError) in try build(child, used: &used) })
        else { preconditionFailure("no container kind builds a \(page.content.typeName) page") }
        return node
    }
}
