/// Headers: a bar along a container's top with its page's title and a back button labelled with
/// the title of the page it goes back to (UINavigationBar's back item, GtkHeaderBar). A visitor
/// sees where they are and how to go back without knowing the edge swipe or the Escape key.
extension Container {
    /// True when this container titles its children in headers of its own (a drill-down's
    /// column headers): a stack nested in it then leaves its own header off by default and the
    /// column header shows the stack's top title and back button.
    public var titlesChildren: Bool { (self as? DrillDownContainer)?.showsHeaders ?? false }
}

extension ChromeMetrics {
    /// The frame of a header along the top of `frame` (at most `frame`'s height).
    static func headerFrame(in frame: Rect) -> Rect {
        Rect(x: frame.minX, y: frame.minY, width: frame.width, height: min(headerHeight, frame.height))
    }

    /// The area of `frame` below its header.
    static func belowHeader(_ frame: Rect) -> Rect {
        let h = min(headerHeight, frame.height - 1)
        return Rect(x: frame.minX, y: frame.minY + h, width: frame.width, height: max(1, frame.height - h))
    }

    /// True when `point` (in the coordinates of `header`) is on the header's back button.
    static func isOnBackButton(_ point: Point, header: Rect) -> Bool {
        header.contains(point) && point.x - header.minX < backButtonWidth(headerWidth: header.width)
    }
}
