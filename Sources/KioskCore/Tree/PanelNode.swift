/// A leaf page: widgets drawn by the renderer.
public final class PanelNode: NavigationNode {
    /// The panel's vertical scroll; the Navigator sets its bounds whenever it lays the tree out.
    public internal(set) var scroll = ScrollState()

    public init(_ id: PageID) { super.init(id: id) }

    override public func advance(to time: Double) {
        super.advance(to: time)
        scroll.advance(to: now)
    }

    override public var isAnimating: Bool { scroll.isAnimating }
}
