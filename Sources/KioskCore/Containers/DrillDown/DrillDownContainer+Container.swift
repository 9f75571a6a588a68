/// The drill-down through the `Container` protocol. Its columns' rules live here once, for
/// layout, hit testing and drawing alike: a page sits below its column's header at
/// `pageSize(columnWidth:height:)`; the left column (or the only one, folded) shows a back
/// chevron and takes the back swipe from its left edge when there is a page to go back to.
extension DrillDownContainer: Container {
    public var currentChild: NavigationNode? { right ?? left.last }

    public func layout(size: Size, child: (NavigationNode, Size) -> Void) {
        layout(width: size.width)
        for page in pages {
            // A panel's scroll range is measured at its column's rest width (its text wraps
            // there); nested containers keep the drill-down's width as before.
            var width = size.width
            if page is PanelNode && !isFolded {
                let isLeft = left.contains { $0 === page }
                width =
                    isLeft ? leftWidth : max(1, self.width - leftWidth - ChromeMetrics.columnGap)
            }
            child(page, pageSize(columnWidth: width, height: size.height))
        }
    }

    /// The size a page inside a column is laid out at. While a column animates its width (SGB
    /// resizes its clipping column containers), the page keeps at least the narrower rest width
    /// and is clipped, so columns collapsing to nothing do not squeeze their text.
    func pageSize(columnWidth: Double, height: Double) -> Size {
        let restLeft = isFolded ? width : leftWidth
        let restRight = isFolded ? width : max(1, width - leftWidth - ChromeMetrics.columnGap)
        let floor = min(restLeft, restRight)
        return Size(
            width: max(floor, columnWidth.rounded()), height: max(1, height - columnHeaderHeight))
    }

    /// True when the column showing `id` is the left one (or the only one, folded).
    func isLeftColumn(_ id: PageID) -> Bool { isFolded || left.last?.id == id }

    /// True when the left column's back chevron and back swipe have a page to go back to.
    var showsBack: Bool { isFolded ? pages.count >= 2 : left.count >= 2 }

    /// The columns showing pages now, each with its page and its frame inside `frame`.
    func pageColumns(in frame: Rect) -> [(
        column: DrillDownColumn, page: NavigationNode, frame: Rect
    )] {
        columns.compactMap { column in
            guard case .page(let id) = column.content, let page = child(id) else { return nil }
            return (
                column, page,
                Rect(
                    x: frame.minX + column.x, y: frame.minY, width: column.width,
                    height: frame.height)
            )
        }
    }

    public func childFrames(in frame: Rect) -> [(node: NavigationNode, frame: Rect)] {
        pageColumns(in: frame).map { column in
            let size = pageSize(columnWidth: column.column.width, height: frame.height)
            return (
                column.page,
                Rect(
                    origin: Point(x: column.frame.minX, y: frame.minY + columnHeaderHeight),
                    size: size)
            )
        }
    }

    // MARK: Touch

    public func claims(in frame: Rect, into touches: inout TouchClaims) {
        placeholderClaims(in: frame, into: &touches)
        for (column, page, columnFrame) in pageColumns(in: frame)
        where columnFrame.contains(touches.point) {
            let header = Rect(
                x: columnFrame.minX, y: columnFrame.minY, width: columnFrame.width,
                height: columnHeaderHeight)
            let backTarget = isLeftColumn(page.id) && showsBack
            if header.contains(touches.point) {
                let direction = touches.layoutDirection
                touches.claim([.tap], region: header) { [self] gesture in
                    // The back button goes back; the rest of the header does nothing.
                    if case .tap(let position, _) = gesture,
                        ChromeMetrics.isOnBackButton(
                            position, header: header, direction: direction)
                    {
                        columnBack(page)
                    }
                }
            } else {
                let size = pageSize(columnWidth: column.width, height: frame.height)
                touches.collect(
                    page,
                    frame: Rect(origin: Point(x: columnFrame.minX, y: header.maxY), size: size))
            }
            if backTarget {
                // The swipe is measured in the drill-down's own pixels, from its top-left corner.
                touches.claim([.edgeSwipe(.left)], region: columnFrame) { [self] gesture in
                    if case .edgeSwipe(_, let pan) = gesture {
                        followBackSwipe(pan, origin: frame.origin)
                    }
                }
            }
        }
    }

    /// A placeholder's `open` tiles and rows act as if on the page in the other column (the
    /// left page for the right placeholder): what they open fills the empty column as the left
    /// page's own would.
    private func placeholderClaims(in frame: Rect, into touches: inout TouchClaims) {
        for column in columns {
            let page: PageID?
            let opener: NavigationNode?
            switch column.content {
            case .rightPlaceholder: (page, opener) = (placeholderPages.right, besideRightColumn)
            case .leftPlaceholder: (page, opener) = (placeholderPages.left, besideLeftColumn)
            case .page: continue
            }
            guard let page, let opener else { continue }
            let size = pageSize(columnWidth: column.width, height: frame.height)
            let pageFrame = Rect(
                origin: Point(x: frame.minX + column.x, y: frame.minY + columnHeaderHeight),
                size: size)
            let visible = Rect(
                x: pageFrame.minX, y: pageFrame.minY, width: min(size.width, column.width),
                height: size.height)
            guard visible.contains(touches.point) else { continue }
            touches.collectPicture(page, frame: pageFrame, opener: opener)
        }
    }

    /// The page a tap on the right placeholder acts on: the left column's.
    private var besideRightColumn: NavigationNode? { left.last }
    /// The page a tap on the left placeholder acts on: the right column's.
    private var besideLeftColumn: NavigationNode? { right }

    public func placeholderOpener(_ id: PageID) -> NavigationNode? {
        if placeholderPages.right == id, let page = besideRightColumn { return page }
        return placeholderPages.left == id ? besideLeftColumn : nil
    }

    private func followBackSwipe(_ pan: PanGesture, origin: Point) {
        let x = pan.position.x - origin.x
        switch pan.phase {
        case .began:
            if beginBackSwipe(at: pan.startPosition.x - origin.x) { updateBackSwipe(x: x) }
        case .changed: updateBackSwipe(x: x)
        case .ended: endBackSwipe(velocity: pan.velocity.x)
        case .cancelled: cancelBackSwipe()
        }
    }

    // MARK: Actions

    public func show(_ id: PageID) throws -> Bool {
        guard pages.contains(where: { $0.id == id }) else { return false }
        if left.contains(where: { $0.id == id }) { _ = try popTo(id) }
        return true
    }

    public var opensNewPages: Bool { true }

    public func open(_ node: NavigationNode, from child: NavigationNode) throws {
        try open(node, from: child.id)
    }

    public func goBack() -> Bool {
        guard canGoBack else { return false }
        _ = pop()
        return true
    }

    public func goHome() -> Bool {
        guard let first = left.first, pages.count > 1 else { return false }
        if (try? popTo(first.id)) == nil || right != nil { _ = pop() }
        return true
    }

    // MARK: State

    public var savedState: NavigationState.Entry? {
        .drillDown(left: left.map(\.id), right: right?.id)
    }

    public func restore(_ entry: NavigationState.Entry, makeNode: (PageID) -> NavigationNode?)
        -> Bool
    {
        guard let saved = entry.drillDownPages else { return false }
        let (leftIDs, rightID) = saved
        let all = NavigationState.unique(leftIDs + (rightID.map { [$0] } ?? []))
        guard all.first == left.first?.id else { return false }
        let existing = pages
        let hasRight = rightID != nil && all.count == leftIDs.count + 1 && all.count >= 2
        let leftNodes = all.dropLast(hasRight ? 1 : 0).compactMap {
            NavigationState.node($0, among: existing, makeNode: makeNode)
        }
        let rightNode =
            hasRight
            ? all.last.flatMap { NavigationState.node($0, among: existing, makeNode: makeNode) }
            : nil
        return (try? setPages(left: leftNodes, right: rightNode)) != nil
    }
}

extension NavigationState.Entry {
    /// A drill-down's left stack, bottom first, and right page: `drilldown <id> <left…> [| <right>]`.
    public static func drillDown(left: [PageID], right: PageID?) -> Self {
        Self(
            kind: ContainerKind.drillDown.name,
            words: NavigationState.words(left)
                + (right.map { ["|"] + NavigationState.words([$0]) } ?? []))
    }

    /// The left and right pages of a drill-down's entry; nil for another kind's.
    var drillDownPages: (left: [PageID], right: PageID?)? {
        guard kind == ContainerKind.drillDown.name else { return nil }
        let split = words.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        guard let left = NavigationState.ids(Array(split.first ?? [])) else { return nil }
        let right = split.count > 1 ? NavigationState.ids(Array(split[1])) : []
        guard let right, right.count <= 1 else { return nil }
        return (left, right.first)
    }

    /// At most one `|`, followed by exactly one page id.
    static func readDrillDown(_ words: [String]) -> [String]? {
        let bars = words.filter { $0 == "|" }.count
        let split = words.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        guard bars <= 1, let left = NavigationState.normalized(Array(split.first ?? [])) else {
            return nil
        }
        guard split.count > 1 else { return left }
        guard let right = NavigationState.normalized(Array(split[1])), right.count == 1 else {
            return nil
        }
        return left + ["|"] + right
    }
}

extension ContainerKind {
    /// `type = "drilldown"`: the page's `root` in the left column.
    public static let drillDown = ContainerKind(
        name: "drilldown", readState: NavigationState.Entry.readDrillDown
    ) {
        (page: PageDefinition, size: Size, child: BuildChild) throws(NavigationError)
            -> NavigationNode? in
        guard case .drillDown(let spec) = page.content else { return nil }
        let root = try child(spec.root)
        let drillDown = DrillDownContainer(
            id: page.id, root: root, leftWidth: spec.leftWidth, foldBelow: spec.foldBelow,
            width: size.width)
        drillDown.showsHeaders = spec.showsHeaders
        drillDown.placeholderPages = (spec.leftPlaceholder, spec.rightPlaceholder)
        drillDown.replaceAnimation = spec.replaceAnimation
        return drillDown
    }
}
