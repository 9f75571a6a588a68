/// The drill-down's column headers: each column's title and, on the left column (or the only
/// one, folded), a back button labelled with the title it goes back to. A stack in a column
/// leaves its own header off and the column header shows the stack's top title; its back button
/// pops that stack first, then the drill-down.
extension DrillDownContainer {
    /// The height of a column header; 0 when `showsHeaders` is off.
    var columnHeaderHeight: Double { showsHeaders ? ChromeMetrics.headerHeight : 0 }

    /// True while the column headers are on: a stack in a column then leaves its header to them.
    public var titlesChildren: Bool { showsHeaders }

    /// The child container shown in a column whose header titles it (a nested stack), with what
    /// it asks the header to show; nil when `node` is a page or draws its own header.
    func titledChild(_ node: NavigationNode) -> (child: any Container, header: ParentHeader)? {
        guard showsHeaders, let child = node as? any Container, let header = child.headerForParent
        else { return nil }
        return (child, header)
    }

    /// The page the drill-down's back button in the column showing `id` goes back to.
    func backPage(fromColumnOf id: PageID) -> NavigationNode? {
        guard isLeftColumn(id), showsBack else { return nil }
        let list = isFolded ? pages : left
        return list.count >= 2 ? list[list.count - 2] : nil
    }

    /// The header of the column showing `node`.
    func columnHeader(for node: NavigationNode, titles scene: SceneBuilder) -> Chrome {
        var title = scene.headerTitle(of: node)
        if let (_, header) = titledChild(node) {
            title = scene.headerTitle(of: header.top)
            if let below = header.below {
                return .header(
                    title: title, showsBack: true, backTitle: scene.headerTitle(of: below))
            }
        }
        guard let back = backPage(fromColumnOf: node.id) else {
            return .header(title: title, showsBack: false)
        }
        return .header(title: title, showsBack: true, backTitle: scene.headerTitle(of: back))
    }

    /// The back button of the column showing `node` was tapped.
    func columnBack(_ node: NavigationNode) {
        if let (child, header) = titledChild(node), header.below != nil {
            _ = child.goBack()
        } else if backPage(fromColumnOf: node.id) != nil {
            _ = pop()
        }
    }
}
