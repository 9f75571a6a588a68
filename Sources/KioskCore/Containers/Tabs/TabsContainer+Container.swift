/// The tabs through the `Container` protocol: pages fill the area above the tab bar, a tap on
/// the bar selects the tab under the finger (on the selected tab: takes its page home), `open` of a tab's page selects it, and it saves the
/// selected index.
extension TabsContainer: Container {
    public var currentChild: NavigationNode? { selectedPage }

    /// The area above the tab bar.
    func contentFrame(in frame: Rect) -> Rect {
        Rect(
            x: frame.minX, y: frame.minY, width: frame.width,
            height: max(1, frame.height - ChromeMetrics.tabBarHeight))
    }

    /// The tab bar along the bottom.
    func tabBarFrame(in frame: Rect) -> Rect {
        let h = min(ChromeMetrics.tabBarHeight, frame.height)
        return Rect(x: frame.minX, y: frame.maxY - h, width: frame.width, height: h)
    }

    public func layout(size: Size, child: (NavigationNode, Size) -> Void) {
        for page in pages { child(page, contentFrame(in: Rect(size: size)).size) }
    }

    public func childFrames(in frame: Rect) -> [(node: NavigationNode, frame: Rect)] {
        selectedPage.map { [($0, contentFrame(in: frame))] } ?? []
    }

    // MARK: Touch

    public func claims(in frame: Rect, into touches: inout TouchClaims) {
        let bar = tabBarFrame(in: frame)
        if bar.contains(touches.point) {
            let direction = touches.layoutDirection
            touches.claim([.tap], region: bar) { [self] gesture in
                guard case .tap(let position, _) = gesture, !pages.isEmpty else { return }
                // Right to left the first tab is at the right end of the bar.
                let along = direction.fraction(at: position.x, along: bar)
                let index = min(
                    max(Int((along * Double(pages.count)).rounded(.down)), 0), pages.count - 1)
                if index == selectedIndex, transition == nil {
                    // Re-tapping the selected tab takes its page home (a stack pops to its root),
                    // as UITabBarController and the seeds do.
                    _ = (selectedPage as? any Container)?.goHome()
                } else {
                    _ = try? select(index, transition: defaultTransition)
                }
            }
        } else if let page = selectedPage {
            touches.collect(page, frame: contentFrame(in: frame))
        }
    }

    // MARK: Scene

    public func draw(
        in frame: Rect, placement: Matrix4, look: SceneLook, into scene: inout SceneBuilder
    ) {
        let content = contentFrame(in: frame)
        scene.drawTransitioning(
            current: selectedPage, running: running, at: now, frame: content,
            placement: placement,
            look: look.clipped(to: content, placement: placement))
        let titles = pages.map { scene.title(of: $0.id) }
        scene.addFlat(
            .chrome(.tabBar(titles: titles, highlight: highlight)), tabBarFrame(in: frame),
            placement: placement, look: look)
    }

    /// The tab bar's highlight: straight from the tab a switch leaves to the one it selects.
    var highlight: TabHighlight {
        guard let t = transition,
            let from = pages.firstIndex(where: { $0.id == t.from }),
            let to = pages.firstIndex(where: { $0.id == t.to })
        else { return TabHighlight(selected: selectedIndex) }
        return TabHighlight(from: from, to: to, progress: t.progress)
    }

    // MARK: Actions

    public func show(_ id: PageID) throws -> Bool {
        guard pages.contains(where: { $0.id == id }) else { return false }
        _ = select(page: id, transition: defaultTransition)
        return true
    }

    /// Selects the starting tab (`start`, the first by default).
    public func goHome() -> Bool {
        guard selectedIndex != startIndex, pages.indices.contains(startIndex) else { return false }
        return (try? select(startIndex, transition: defaultTransition)) == true
    }

    // MARK: State

    /// The selected page, so reordering `pages` keeps selecting that page.
    public var savedState: NavigationState.Entry? { selectedPage.map { .tabs(selected: $0.id) } }

    public func restore(_ entry: NavigationState.Entry, makeNode: (PageID) -> NavigationNode?)
        -> Bool
    {
        guard let page = entry.page(of: .tabs),
            let index = pages.firstIndex(where: { $0.id == page })
        else { return false }
        _ = try? select(index, transition: nil)
        return true
    }
}

extension NavigationState.Entry {
    /// A tabs container with the tab of page `selected` selected: `tabs <id> <page>`.
    public static func tabs(selected: PageID) -> Self { .page(selected, of: .tabs) }
}

extension ContainerKind {
    /// `type = "tabs"`: the page's `pages`, switched with its `transition`.
    public static let tabs = ContainerKind(name: "tabs", readState: NavigationState.Entry.readPage)
    {
        (page: PageDefinition, size: Size, child: BuildChild) throws(NavigationError)
            -> NavigationNode? in
        guard case .tabs(let spec) = page.content else { return nil }
        var children: [NavigationNode] = []
        for id in spec.pages { children.append(try child(id)) }
        let start = spec.start.flatMap { id in spec.pages.firstIndex(of: id) } ?? 0
        return TabsContainer(
            id: page.id, pages: children, selectedIndex: start, defaultTransition: spec.transition)
    }
}
