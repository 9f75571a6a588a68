/// The one walk over the ways pages lead to each other, shared by everything that asks "can the
/// panel get there, and how": `check`'s unreachable-page warning (over the parsed files, so a
/// file with errors still counts), `KioskConfiguration.reachablePages` and the Navigator's remote
/// `open` (the shortest chain to follow).
///
/// Breadth-first, so each page's chain is a shortest one. `roots` are walked to the end first
/// and `extraRoots` only after, so a page the roots lead to keeps its chain from them (a remote
/// `open` then goes the way a visitor would from home) and the extra roots (pages shown without a
/// tap: the schedule's and the screensaver's) give chains only to what the roots do not reach.
public struct PageRoutes: Sendable {
    /// The page each reached page was first reached from; nil for a root.
    private var cameFrom: [PageID: PageID?] = [:]

    /// `leadsTo` gives the pages a page leads to (`PageDefinition.pagesItLeadsTo`, or a parsed
    /// file's references), nil for an id no page has: such an id is never reached.
    public init(
        roots: [PageID], extraRoots: [PageID] = [], leadsTo: (PageID) -> [PageID]?
    ) {
        walk(from: roots, leadsTo: leadsTo)
        walk(from: extraRoots, leadsTo: leadsTo)
    }

    /// Every page reached from a root.
    public var reachable: Set<PageID> { Set(cameFrom.keys) }

    /// The pages from a root to `id`, both included, fewest steps first; nil when nothing leads
    /// there.
    public func route(to id: PageID) -> [PageID]? {
        guard cameFrom[id] != nil else { return nil }
        var route = [id]
        while case let previous?? = cameFrom[route[0]] { route.insert(previous, at: 0) }
        return route
    }

    private mutating func walk(from roots: [PageID], leadsTo: (PageID) -> [PageID]?) {
        var queue: [(page: PageID, next: [PageID])] = []
        for root in roots where cameFrom[root] == nil {
            guard let next = leadsTo(root) else { continue }
            cameFrom[root] = .some(nil)
            queue.append((root, next))
        }
        var index = 0
        while index < queue.count {
            let (page, next) = queue[index]
            index += 1
            for target in next where cameFrom[target] == nil {
                guard let further = leadsTo(target) else { continue }
                cameFrom[target] = .some(page)
                queue.append((target, further))
            }
        }
    }
}
