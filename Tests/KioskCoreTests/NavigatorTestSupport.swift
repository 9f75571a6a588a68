import KioskCore

/// Small configurations built in code for the Navigator tests, and a fake panel layout: every
/// list row of a panel is a 60-px-high target across the panel's width, the first at y = 0.
enum NavFixture {
    static let rowHeight = 60.0
    static let viewport = Size(width: 1280, height: 800)

    /// A panel with a title and list rows that open the given pages.
    static func panel(_ id: PageID, opens: [PageID] = []) -> PageDefinition {
        let rows = opens.map { ListRow(label: $0.rawValue, action: .open($0)) }
        var widgets: [Widget] = [.title(TitleWidget(text: id.rawValue))]
        if !rows.isEmpty { widgets.append(.list(ListWidget(rows: rows))) }
        return PageDefinition(
            id: id, title: "Title \(id)", content: .panel(Panel(widgets: widgets)))
    }

    static func cube(_ id: PageID, _ faces: [PageID], wraps: Bool = true, vertical: Bool = false)
        -> PageDefinition
    {
        PageDefinition(
            id: id, title: "Title \(id)",
            content: .cube(
                CubeSpec(
                    faces: faces, wraps: wraps, orientation: vertical ? .vertical : .horizontal)))
    }

    static func drill(_ id: PageID, root: PageID, leftWidth: Double = 420, foldBelow: Double = 900)
        -> PageDefinition
    {
        PageDefinition(
            id: id, title: "Title \(id)",
            content: .drillDown(
                DrillDownSpec(root: root, leftWidth: leftWidth, foldBelow: foldBelow)))
    }

    /// A stack; without a header unless `header` says otherwise (most tests look at its pages).
    static func stack(
        _ id: PageID, root: PageID,
        _ transition: TransitionSpec = TransitionSpec(kind: .swipe, duration: 0.4),
        header: Bool? = false
    ) -> PageDefinition {
        PageDefinition(
            id: id, title: "Title \(id)",
            content: .stack(StackSpec(root: root, transition: transition, showsHeader: header)))
    }

    static func tabs(
        _ id: PageID, _ pages: [PageID],
        _ transition: TransitionSpec = TransitionSpec(kind: .fade, duration: 0.25)
    )
        -> PageDefinition
    {
        PageDefinition(
            id: id, title: "Title \(id)",
            content: .tabs(TabsSpec(pages: pages, transition: transition)))
    }

    static func playlist(
        _ id: PageID, _ pages: [PageID], dwell: Double = 8, pageDwell: [PageID: Double] = [:],
        _ transition: TransitionSpec = TransitionSpec(kind: .fade, duration: 0.5),
        resumeAfter: Double = 30
    ) -> PageDefinition {
        PageDefinition(
            id: id, title: "Title \(id)",
            content: .playlist(
                PlaylistSpec(
                    pages: pages, dwell: dwell, pageDwell: pageDwell, transition: transition,
                    resumeAfter: resumeAfter)))
    }

    static func configuration(home: PageID, _ pages: [PageDefinition]) -> KioskConfiguration {
        var byID: [PageID: PageDefinition] = [:]
        for page in pages { byID[page.id] = page }
        return KioskConfiguration(
            settings: KioskSettings(home: home), pages: byID, directory: "/nonexistent")
    }

    /// The fake layout's targets of `page` at `size`.
    static func targets(_ configuration: KioskConfiguration) -> (PageID, Size) -> [PanelTarget] {
        { id, size in
            guard case .panel(let panel)? = configuration.pages[id]?.content else { return [] }
            var result: [PanelTarget] = []
            for case .list(let list) in panel.widgets {
                for row in list.rows {
                    guard let action = row.action else { continue }
                    let y = Double(result.count) * rowHeight
                    result.append(
                        PanelTarget(
                            rect: Rect(x: 0, y: y, width: size.width, height: rowHeight),
                            action: action))
                }
            }
            return result
        }
    }

    /// A navigator on `pages` at 1280x800 (unless given), with the fake layout's targets.
    static func navigator(
        home: PageID, _ pages: [PageDefinition], viewport: Size = viewport, scale: Double = 1
    ) throws -> Navigator {
        let configuration = configuration(home: home, pages)
        return try Navigator(
            configuration: configuration, viewport: viewport, scale: scale,
            panels: FakePanels(rows: targets(configuration)))
    }

    /// Feeds the events of `script` later than `after` (a script played before up to `after`),
    /// then settles; returns the time reached.
    @discardableResult
    static func resume(_ script: String, on navigator: Navigator, after: Double) throws -> Double {
        let (events, end) = try ActionScript.parse(script).events()
        for event in events where event.time > after {
            navigator.advance(to: event.time)
            switch event {
            case .touch(let touch): navigator.handle(touch)
            case .key(let key): navigator.handle(key)
            case .action(let action, _): navigator.perform(action)
            }
        }
        var t = max(end, navigator.now)
        navigator.advance(to: t)
        while navigator.isAnimating && t < end + 30 {
            t += 1.0 / 60
            navigator.advance(to: t)
        }
        return t
    }

    /// Runs an action script to `until` (nil = until settled); returns the time reached.
    @discardableResult
    static func play(_ script: String, on navigator: Navigator, until: Double? = nil) throws
        -> Double
    {
        try ActionScript.parse(script).play(on: navigator, until: until)
    }
}

/// Panels measured by the fake layout: its rows as targets, content heights from `height`
/// (default: the frame's, so nothing scrolls).
struct FakePanels: PanelMeasuring {
    var rows: (PageID, Size) -> [PanelTarget]
    var height: (PageID, Size) -> Double = { $1.height }

    func targets(page: PageID, size: Size) -> [PanelTarget] { rows(page, size) }
    func contentHeight(page: PageID, size: Size) -> Double { height(page, size) }
}

/// Short descriptions of a Scene's layers, for exact comparisons.
enum SceneText {
    static func content(_ layer: SceneLayer) -> String {
        switch layer.content {
        case .panel(let id): "panel \(id)"
        case .solid(let c): "solid \(c)"
        case .chrome(.header(let title, let back, let backTitle)):
            "header \(title)\(back ? " <\(backTitle)" : "")"
        case .chrome(.tabBar(let titles, let h)):
            "tabbar \(titles.joined(separator: ",")) @\(h.from == h.to ? "\(h.to)" : "\(h.from)>\(h.to) \(h.progress)")"
        case .chrome(.headerPart(let part)): "header part \(part)"
        case .chrome(.focusRing): "focus ring"
        }
    }

    static func contents(_ scene: Scene) -> [String] { scene.layers.map(content) }

    /// The output rectangle a layer covers when its transform is a scale plus translation.
    static func rect(_ layer: SceneLayer) -> Rect? {
        let m = layer.transform
        guard m[0, 1] == 0, m[1, 0] == 0, m[3, 0] == 0, m[3, 1] == 0, m[3, 3] == 1 else {
            return nil
        }
        guard let a = m.project(.zero),
            let b = m.project(Point(x: layer.size.width, y: layer.size.height))
        else {
            return nil
        }
        return Rect(x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y)
    }

    /// The panel layers' page ids, back to front.
    static func panels(_ scene: Scene) -> [PageID] {
        scene.layers.compactMap { if case .panel(let id) = $0.content { id } else { nil } }
    }

    /// The layer showing panel `id` (the first one).
    static func layer(_ scene: Scene, _ id: PageID) -> SceneLayer? {
        scene.layers.first { if case .panel(let p) = $0.content { p == id } else { false } }
    }
}
