/// Headers: a bar along a container's top with its page's title and a back button labelled with
/// the title of the page it goes back to (UINavigationBar's back item, GtkHeaderBar). A visitor
/// sees where they are and how to go back without knowing the edge swipe or the Escape key.
/// The page a child container shows in its parent's header, and the page its back button goes to
/// (`Container.headerForParent`): a drill-down column titles a nested stack this way.
public struct ParentHeader {
    /// The page whose title the header shows.
    public var top: NavigationNode
    /// Where the child's own back goes (`Container.goBack()`); nil when it is at its root.
    public var below: NavigationNode?

    public init(top: NavigationNode, below: NavigationNode?) {
        self.top = top
        self.below = below
    }
}

extension ChromeMetrics {
    /// The frame of a header along the top of `frame` (at most `frame`'s height).
    static func headerFrame(in frame: Rect) -> Rect {
        Rect(
            x: frame.minX, y: frame.minY, width: frame.width,
            height: min(headerHeight, frame.height))
    }

    /// The area of `frame` below its header.
    static func belowHeader(_ frame: Rect) -> Rect {
        let h = min(headerHeight, frame.height - 1)
        return Rect(
            x: frame.minX, y: frame.minY + h, width: frame.width, height: max(1, frame.height - h))
    }

    /// True when `point` (in the coordinates of `header`) is on the header's back button: at its
    /// left end, or right to left at its right end.
    static func isOnBackButton(_ point: Point, header: Rect, direction: LayoutDirection) -> Bool {
        header.contains(point)
            && direction.fraction(at: point.x, along: header) * header.width
                < backButtonWidth(headerWidth: header.width)
    }
}

/// The pages a turning container shows (`Container.pagesInView`): `fraction` of the way from
/// `before` to `after`, where `after` is the one a forward turn (or a push) brings in. At rest
/// both are the page on screen and `fraction` is 0.
public struct PagesInView {
    public var before: NavigationNode
    public var after: NavigationNode
    public var fraction: Double

    public init(before: NavigationNode, after: NavigationNode, fraction: Double) {
        self.before = before
        self.after = after
        self.fraction = fraction
    }

    /// Not turning: `page` alone.
    public init(resting page: NavigationNode) {
        self.init(before: page, after: page, fraction: 0)
    }

    /// The page mostly in view.
    public var nearest: NavigationNode { fraction < 0.5 ? before : after }
}
