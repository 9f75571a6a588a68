/// A navigation request that cannot be carried out; the container's state is unchanged.
/// (SGBDrillDownController raises exceptions for these; this shell returns typed errors.)
public enum NavigationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The page is already shown by this container.
    case alreadyShown(PageID, container: PageID)
    /// The page is not on the container's stack (or left column stack).
    case notOnStack(PageID, container: PageID)
    /// A right-column page needs a page in the left column first.
    case noLeftPage(container: PageID)
    /// An index outside 0..<count.
    case indexOutOfRange(Int, count: Int, container: PageID)
    /// The page belongs to another container already.
    case pageInOtherContainer(PageID)
    /// No page definition has this id.
    case unknownPage(PageID)
    /// A stack cannot be set to no pages.
    case emptyStack(container: PageID)

    public var description: String {
        switch self {
        case .alreadyShown(let page, let container):
            "page '\(page)' is already on the stack of '\(container)'"
        case .notOnStack(let page, let container):
            "page '\(page)' is not on the stack of '\(container)'"
        case .noLeftPage(let container):
            "drill-down '\(container)' has no left page to open a right page from"
        case .indexOutOfRange(let index, let count, let container):
            "index \(index) is outside 0..<\(count) in '\(container)'"
        case .pageInOtherContainer(let page):
            "page '\(page)' is already shown by another container"
        case .unknownPage(let page):
            "no page has the id '\(page)'"
        case .emptyStack(let container):
            "stack '\(container)' needs at least one page"
        }
    }
}
