/// Where every container in a navigation tree stands: which pages each drill-down and stack holds,
/// which face each cube shows, which tab each tabs container selects — keyed by the container's
/// page id. Captured from a live tree, restored into a (possibly rebuilt) one, saved as text.
///
/// Like SGB's state restoration (§4.5), pages that cannot be rebuilt are dropped rather than
/// failing the whole restore, and saved state that no longer fits the tree is ignored.
public struct NavigationState: Hashable, Sendable {
    public enum Entry: Hashable, Sendable {
        case cube(face: Int)
        case tabs(index: Int)
        /// Bottom (root) first.
        case stack([PageID])
        case drillDown(left: [PageID], right: PageID?)
    }

    public var entries: [PageID: Entry]

    public init(entries: [PageID: Entry] = [:]) { self.entries = entries }

    /// The state of every container under (and including) `root`.
    public init(capturing root: NavigationNode) {
        var entries: [PageID: Entry] = [:]
        func visit(_ node: NavigationNode) {
            switch node {
            case let cube as CubeContainer: entries[cube.id] = .cube(face: cube.currentIndex)
            case let tabs as TabsContainer: entries[tabs.id] = .tabs(index: tabs.selectedIndex)
            case let stack as TransitionStack: entries[stack.id] = .stack(stack.entries.map(\.id))
            case let drill as DrillDownContainer:
                entries[drill.id] = .drillDown(left: drill.left.map(\.id), right: drill.right?.id)
            default: break
            }
            if let container = node as? ContainerNode {
                for child in container.children { visit(child) }
            }
        }
        visit(root)
        self.entries = entries
    }

    /// Applies the saved entries to the tree under `root`, without animation, parents before
    /// children (so a container a restored stack pushes is restored too). `makeNode` builds a
    /// page that is not in the tree yet; nil means the id is unknown and the page is dropped.
    /// An entry whose kind does not match its container, an out-of-range index, or a stack or
    /// drill-down whose saved root differs from the configured one is ignored.
    /// Returns the ids of the containers that were restored.
    @discardableResult
    public func restore(into root: NavigationNode, makeNode: (PageID) -> NavigationNode?) -> [PageID] {
        var restored: [PageID] = []
        func node(_ id: PageID, among existing: [NavigationNode]) -> NavigationNode? {
            if let found = existing.first(where: { $0.id == id }) { return found }
            guard let made = makeNode(id), made.id == id, made.parent == nil else { return nil }
            return made
        }
        func unique(_ ids: [PageID]) -> [PageID] {
            var seen: Set<PageID> = []
            return ids.filter { seen.insert($0).inserted }
        }
        func visit(_ current: NavigationNode) {
            switch (current, entries[current.id]) {
            case (let cube as CubeContainer, .cube(let face)?):
                if cube.faces.indices.contains(face) {
                    cube.setCurrentIndex(face)
                    restored.append(cube.id)
                }
            case (let tabs as TabsContainer, .tabs(let index)?):
                if tabs.pages.indices.contains(index) {
                    _ = try? tabs.select(index, transition: nil)
                    restored.append(tabs.id)
                }
            case (let stack as TransitionStack, .stack(let ids)?):
                let ids = unique(ids)
                if ids.first == stack.root.id {
                    let nodes = ids.compactMap { node($0, among: stack.entries) }
                    if (try? stack.setStack(nodes, transition: nil)) != nil { restored.append(stack.id) }
                }
            case (let drill as DrillDownContainer, .drillDown(let leftIDs, let rightID)?):
                let all = unique(leftIDs + (rightID.map { [$0] } ?? []))
                if all.first == drill.left.first?.id {
                    let existing = drill.pages
                    let hasRight = rightID != nil && all.count == leftIDs.count + 1 && all.count >= 2
                    let leftNodes = all.dropLast(hasRight ? 1 : 0).compactMap { node($0, among: existing) }
                    let rightNode = hasRight ? all.last.flatMap { node($0, among: existing) } : nil
                    if (try? drill.setPages(left: leftNodes, right: rightNode)) != nil { restored.append(drill.id) }
                }
            default: break
            }
            if let container = current as? ContainerNode {
                for child in container.children { visit(child) }
            }
        }
        visit(root)
        return restored
    }
}
