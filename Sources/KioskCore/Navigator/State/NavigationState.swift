/// Where every container in a navigation tree stands: which pages each drill-down and stack holds,
/// which face each cube shows, which tab each tabs container selects — keyed by the container's
/// page id. Captured from a live tree, restored into a (possibly rebuilt) one, saved as text.
///
/// Like SGB's state restoration (§4.5), pages that cannot be rebuilt are dropped rather than
/// failing the whole restore, and saved state that no longer fits the tree is ignored.
public struct NavigationState: Hashable, Sendable {
    /// One container's saved place: its kind's name and the words after its id in the text (page
    /// ids percent-encoded). Each container makes and reads its own (`Container.savedState`,
    /// `Container.restore`; `.cube(face:)`, `.stack(_:)`, … are in the containers' folders).
    public struct Entry: Hashable, Sendable {
        /// The container kind's name (`ContainerKind.name`), the first word of its line.
        public var kind: String
        /// The words after the container's id, as written.
        public var words: [String]

        public init(kind: String, words: [String]) {
            self.kind = kind
            self.words = words
        }
    }

    public var entries: [PageID: Entry]

    public init(entries: [PageID: Entry] = [:]) { self.entries = entries }

    /// The state of every container under (and including) `root`.
    public init(capturing root: NavigationNode) {
        var entries: [PageID: Entry] = [:]
        // Recursion: one level per container of the live tree, whose depth `restore` and
        // `Navigator.open` keep to distinct container ids on a path (at most `ConfigLimits.pages`).
        func visit(_ node: NavigationNode) {
            guard let container = node as? any Container else { return }
            if let entry = container.savedState { entries[container.id] = entry }
            for child in container.children { visit(child) }
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
    public func restore(into root: NavigationNode, makeNode: (PageID) -> NavigationNode?)
        -> [PageID]
    {
        var restored: [PageID] = []
        // Recursion: one level per container on the path. An entry is not applied to a container
        // that is already on the path: `stack a … b` and `stack b … a` (a hand-edited state file,
        // or a config edit that made a pushed page hold its stack) would otherwise push a fresh
        // `a` into `b` into `a` without end and overflow the stack. So no id repeats on a path,
        // and the depth is at most the number of pages (`ConfigLimits.pages`).
        var path: Set<PageID> = []
        func visit(_ current: NavigationNode) {
            guard let container = current as? any Container, !path.contains(container.id) else {
                return
            }
            path.insert(container.id)
            defer { path.remove(container.id) }
            if let entry = entries[container.id], container.restore(entry, makeNode: makeNode) {
                restored.append(container.id)
            }
            for child in container.children { visit(child) }
        }
        visit(root)
        return restored
    }

    /// The page `id` among `existing`, or built by `makeNode` (nil when it cannot be): how a
    /// restoring container finds the pages of its saved entry.
    public static func node(
        _ id: PageID, among existing: [NavigationNode], makeNode: (PageID) -> NavigationNode?
    ) -> NavigationNode? {
        if let found = existing.first(where: { $0.id == id }) { return found }
        guard let made = makeNode(id), made.id == id, made.parent == nil else { return nil }
        return made
    }

    /// `ids` without repeats, first occurrences kept.
    public static func unique(_ ids: [PageID]) -> [PageID] {
        var seen: Set<PageID> = []
        return ids.filter { seen.insert($0).inserted }
    }
}
