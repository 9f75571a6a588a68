import KioskCore

/// Turns the table of one `pages/*.toml` file into a page definition, reporting every problem to
/// the file's context.
struct PageParser {
    let context: FileContext
    let paths: PathResolver
    var references: [PageReference] = []

    static let pageTypes = ["panel", "cube", "drilldown", "stack", "tabs", "playlist"]
    static let commonKeys = ["id", "title", "type", "lock"]
    static let keysByType: [String: [String]] = [
        "panel": ["background", "text_color", "widget"],
        "cube": ["faces", "wrap", "orientation"] + cubeSettingKeys,
        "drilldown": ["root", "left_width", "fold_below", headerKey] + drillDownSettingKeys,
        "stack": ["root", "transition", headerKey],
        "tabs": ["pages", "transition", startKey],
        "playlist": playlistKeys
    ]
    static let transitionKeys = ["type", "orientation", "duration"]

    init(context: FileContext, paths: PathResolver) {
        self.context = context
        self.paths = paths
    }

    /// The page's content, or nil when something in it is wrong (already reported).
    mutating func content(_ root: TableReader) -> PageContent? {
        guard let type = root.string("type", required: "every page", allowEmpty: true) else {
            return nil
        }
        guard let extra = Self.keysByType[type] else {
            context.error(
                "type",
                "unknown page type \"\(type)\"" + Suggestion.hint(for: type, in: Self.pageTypes))
            return nil
        }
        root.checkKeys(Self.commonKeys + extra, what: "a \(type) page")
        switch type {
        case "panel": return panel(root).map(PageContent.panel)
        case "cube": return cube(root).map(PageContent.cube)
        case "drilldown": return drillDown(root).map(PageContent.drillDown)
        case "stack": return stack(root).map(PageContent.stack)
        case "playlist": return playlist(root).map(PageContent.playlist)
        default: return tabs(root).map(PageContent.tabs)
        }
    }

    mutating func child(_ id: String, at keyPath: String) {
        references.append(PageReference(kind: .child, target: PageID(id), keyPath: keyPath))
    }

    mutating func open(_ id: String, at keyPath: String) {
        references.append(PageReference(kind: .open, target: PageID(id), keyPath: keyPath))
    }

    /// A list of child ids (`faces`, `pages`): at least one, none twice.
    mutating func children(_ root: TableReader, _ key: String, what: String) -> [PageID]? {
        let before = context.diagnostics.count
        guard let items = root.strings(key, required: what) else { return nil }
        var seen: Set<String> = []
        for item in items {
            if seen.contains(item.value) {
                context.error(item.keyPath, "page \"\(item.value)\" is listed twice")
            } else {
                seen.insert(item.value)
                child(item.value, at: item.keyPath)
            }
        }
        if items.isEmpty { context.error(root.keyPath(key), "must list at least one page") }
        guard context.diagnostics.count == before else { return nil }
        return items.map { PageID($0.value) }
    }

    mutating func cube(_ root: TableReader) -> CubeSpec? {
        let faces = children(root, "faces", what: "a cube")
        let wraps = root.bool("wrap")
        let orientation = root.choice("orientation", CubeOrientation.self, what: "orientation")
        guard let faces, root.has("wrap") == (wraps != nil),
            root.has("orientation") == (orientation != nil)
        else { return nil }
        var spec = CubeSpec(
            faces: faces, wraps: wraps ?? true, orientation: orientation ?? .horizontal)
        return cubeSettings(root, into: &spec) ? spec : nil
    }

    mutating func drillDown(_ root: TableReader) -> DrillDownSpec? {
        let first = root.string("root", required: "a drilldown")
        if let first { child(first, at: "root") }
        let left = root.number("left_width", maximum: ConfigLimits.length)
        let fold = root.number(
            "fold_below", above: 0, allowMinimum: true, maximum: ConfigLimits.length)
        let header = self.header(root)
        guard let first, root.has("left_width") == (left != nil),
            root.has("fold_below") == (fold != nil), header.isValid
        else { return nil }
        var spec = DrillDownSpec(
            root: PageID(first), leftWidth: left ?? 420, foldBelow: fold ?? 900,
            showsHeaders: header.value ?? true)
        return drillDownSettings(root, into: &spec) ? spec : nil
    }

    mutating func stack(_ root: TableReader) -> StackSpec? {
        let first = root.string("root", required: "a stack")
        if let first { child(first, at: "root") }
        let transition = self.transition(root, default: TransitionSpec())
        let header = self.header(root)
        guard let first, let transition, header.isValid else { return nil }
        return StackSpec(root: PageID(first), transition: transition, showsHeader: header.value)
    }

    mutating func tabs(_ root: TableReader) -> TabsSpec? {
        let pages = children(root, "pages", what: "a tabs page")
        let transition = self.transition(root, default: TabsSpec(pages: []).transition)
        guard let pages, let transition else { return nil }
        let start = self.start(root, among: pages, what: "pages")
        guard root.has(Self.startKey) == (start != nil) else { return nil }
        return TabsSpec(pages: pages, transition: transition, start: start)
    }

    /// `[transition]`: missing keys keep the container's default; nil when something is wrong.
    func transition(_ root: TableReader, default base: TransitionSpec) -> TransitionSpec? {
        guard root.has("transition") else { return base }
        guard let table = root.table("transition") else { return nil }
        table.checkKeys(Self.transitionKeys, what: "[transition]")
        let before = context.diagnostics.count
        var spec = base
        if let kind = table.choice("type", TransitionKind.self, what: "transition") {
            spec.kind = kind
        }
        if let orientation = table.choice(
            "orientation", TransitionOrientation.self, what: "orientation")
        {
            spec.orientation = orientation
        }
        if let duration = table.number(
            "duration", above: 0, allowMinimum: true, maximum: ConfigLimits.duration)
        {
            spec.duration = duration
        }
        guard context.diagnostics.count == before else { return nil }
        if table.has("orientation") {
            warnIfOrientationIgnored(spec.kind, keyPath: table.keyPath("orientation"))
        }
        return spec
    }

    mutating func panel(_ root: TableReader) -> Panel? {
        let before = context.diagnostics.count
        let background = root.color("background")
        let textColor = root.color("text_color")
        var widgets: [Widget] = []
        for table in root.tables("widget", limit: ConfigLimits.widgets) ?? [] {
            var parser = WidgetParser(context: context, paths: paths)
            if let widget = parser.widget(table) { widgets.append(widget) }
            references += parser.references
        }
        guard context.diagnostics.count == before else { return nil }
        return Panel(widgets: widgets, background: background, textColor: textColor)
    }
}
