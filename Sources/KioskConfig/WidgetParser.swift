import KioskCore

/// Turns one `[[widget]]` table into a widget, reporting every problem to the file's context.
struct WidgetParser {
    let context: FileContext
    let paths: PathResolver
    var references: [PageReference] = []

    static let keysByType: [String: [String]] = [
        "title": ["text", "subtitle"],
        "text": ["markup", "text", "size", "align"],
        "image": ["path", "height", "caption"],
        "list": ["row", "rows", "label", "detail", "max_rows", "placeholder"],
        "grid": ["columns", "tile_height", "tile"],
        "clock": ["format", "size", "align"],
        "keyvalue": ["row"],
        "file": ["label", "path", "unit", "placeholder"],
        "spacer": ["height"],
        "value": ["label", "value", "unit"],
        "qr": qrKeys
    ].merging(controlKeysByType) { own, _ in own }.merging(chartKeysByType) { own, _ in own }
    static let widgetTypes =
        [
            "title", "text", "image", "list", "grid", "clock", "keyvalue", "file", "spacer",
            "value", "qr"
        ] + controlTypes + chartTypes
    static let rowKeys =
        ["label", "detail", "chevron", "open", "action", "language"] + transitionKeys + commandKeys
    static let tileKeys =
        ["label", "icon", "open", "action", "language", "style"] + transitionKeys + commandKeys
    static let keyValueRowKeys = ["key", "value"]
    static let actionNames = ["back", "home", "next", "previous"]

    static let defaultImageHeight = 240.0
    static let defaultColumns = 3
    static let defaultTileHeight = 140.0
    static let defaultSpacerHeight = 24.0

    init(context: FileContext, paths: PathResolver) {
        self.context = context
        self.paths = paths
    }

    /// The widget, or nil when anything in it is wrong (already reported).
    mutating func widget(_ table: TableReader) -> Widget? {
        guard let type = table.string("type", required: "every widget", allowEmpty: true) else {
            return nil
        }
        guard let keys = Self.keysByType[type] else {
            context.error(
                table.keyPath("type"),
                "unknown widget type \"\(type)\"" + Suggestion.hint(for: type, in: Self.widgetTypes)
            )
            return nil
        }
        let what = (type == "image" ? "an" : "a") + " \(type) widget"
        table.checkKeys(["type"] + keys, what: what)
        let before = context.diagnostics.count
        let widget: Widget?
        switch type {
        case "title":
            let text = table.string("text", required: what)
            let subtitle = table.string("subtitle", allowEmpty: true)
            widget = text.map { .title(TitleWidget(text: $0, subtitle: subtitle)) }
        case "text" where table.has("text"):
            widget = liveText(table, what: what)
        case "value":
            widget = valueWidget(table, what: what)
        case "qr":
            widget = qrWidget(table, what: what)
        case _ where Self.controlTypes.contains(type):
            widget = control(table, type: type, what: what)
        case _ where Self.chartTypes.contains(type):
            widget = chartWidget(type, table, what: what)
        case "list" where table.has("rows"):
            widget = valueRows(table, what: what)
        case "text":
            let markup = table.string("markup", required: what)
            if let markup, let problem = MarkupCheck.problem(in: markup) {
                context.error(table.keyPath("markup"), "invalid Pango markup: \(problem)")
            }
            let size = table.number("size", maximum: ConfigLimits.fontSize)
            let align = table.choice("align", TextAlignment.self, what: "alignment")
            widget = markup.map {
                .text(TextWidget(markup: $0, size: size, alignment: align ?? .left))
            }
        case "image":
            let path = table.string("path", required: what).flatMap {
                paths.png($0, keyPath: table.keyPath("path"), context: context)
            }
            let height =
                table.number("height", maximum: ConfigLimits.length) ?? Self.defaultImageHeight
            let caption = table.string("caption", allowEmpty: true)
            widget = path.map { .image(ImageWidget(path: $0, height: height, caption: caption)) }
        case "list":
            widget = list(table, what: what).map(Widget.list)
        case "grid":
            widget = grid(table, what: what).map(Widget.grid)
        case "clock":
            let format = table.string("format") ?? "%H:%M"
            if let problem = StrftimeCheck.problem(in: format) {
                context.error(table.keyPath("format"), problem)
            }
            let size = table.number("size", maximum: ConfigLimits.fontSize)
            let align = table.choice("align", TextAlignment.self, what: "alignment")
            widget = .clock(ClockWidget(format: format, size: size, alignment: align ?? .left))
        case "keyvalue":
            widget = keyValue(table, what: what).map(Widget.keyValue)
        case "file":
            let label = table.string("label", required: what)
            let path = table.string("path", required: what).map(paths.resolve)
            let unit = table.string("unit", allowEmpty: true)
            let placeholder = table.string("placeholder", allowEmpty: true) ?? "—"
            if let label, let path {
                widget = .fileValue(
                    FileValueWidget(label: label, path: path, unit: unit, placeholder: placeholder))
            } else {
                widget = nil
            }
        default:
            let height =
                table.number("height", maximum: ConfigLimits.length) ?? Self.defaultSpacerHeight
            widget = .spacer(SpacerWidget(height: height))
        }
        return context.diagnostics.count == before ? widget : nil
    }

    /// Rows/tiles: `[[widget.row]]`, at least one.
    func items(_ table: TableReader, _ key: String, what: String) -> [TableReader] {
        guard table.has(key) else {
            context.error(table.keyPath(key), "\(what) needs at least one [[widget.\(key)]]")
            return []
        }
        let items = table.tables(key, limit: ConfigLimits.items) ?? []
        if items.isEmpty, let array = table.value(key)?.array, array.count <= ConfigLimits.items {
            context.error(table.keyPath(key), "\(what) needs at least one [[widget.\(key)]]")
        }
        return items
    }

    mutating func list(_ table: TableReader, what: String) -> ListWidget? {
        var rows: [ListRow] = []
        for row in items(table, "row", what: what) {
            row.checkKeys(Self.rowKeys, what: "a list row")
            let label = row.string("label", required: "a list row")
            let detail = row.string("detail", allowEmpty: true)
            let chevron = row.bool("chevron")
            let action = transitioned(self.action(row, label: label), row)
            if let label, let action {
                rows.append(
                    ListRow(
                        label: label, detail: detail, showsChevron: chevron, action: action.value))
            }
        }
        return ListWidget(rows: rows)
    }

    mutating func grid(_ table: TableReader, what: String) -> GridWidget? {
        let columns =
            table.integer("columns", minimum: 1, maximum: ConfigLimits.gridColumns)
            ?? Self.defaultColumns
        let height =
            table.number("tile_height", maximum: ConfigLimits.length) ?? Self.defaultTileHeight
        var tiles: [Tile] = []
        for tile in items(table, "tile", what: what) {
            tile.checkKeys(Self.tileKeys, what: "a grid tile")
            let label = tile.string("label", required: "a grid tile")
            let icon = tile.string("icon").flatMap {
                paths.png($0, keyPath: tile.keyPath("icon"), context: context)
            }
            let style = tile.choice("style", TileStyle.self, what: "tile style") ?? .tile
            let action = transitioned(self.action(tile, label: label), tile)
            if let label, let action {
                tiles.append(Tile(label: label, icon: icon, action: action.value, style: style))
            }
        }
        return GridWidget(columns: columns, tileHeight: height, tiles: tiles)
    }

    func keyValue(_ table: TableReader, what: String) -> KeyValueWidget? {
        var rows: [KeyValueRow] = []
        for row in items(table, "row", what: what) {
            row.checkKeys(Self.keyValueRowKeys, what: "a keyvalue row")
            let key = row.string("key", required: "a keyvalue row")
            let value = row.string("value", required: "a keyvalue row", allowEmpty: true)
            if let key, let value { rows.append(KeyValueRow(key: key, value: value)) }
        }
        return KeyValueWidget(rows: rows)
    }

    /// `open = "page-id"`, `action = "back" | "home" | "next" | "previous"` or
    /// `language = "de"` (at most one).
    /// The outer optional is nil when something is wrong; the inner one when no action is set.
    mutating func action(_ table: TableReader, label: String?) -> (value: Action?, ok: Bool)? {
        if let command = commandAction(table, label: label) {
            return command.map { (.command($0), true) }
        }
        if table.has("language") {
            for other in ["open", "action"] where table.has(other) {
                context.error(table.keyPath(other), "set either 'language' or '\(other)', not both")
                return nil
            }
            // Checked against [languages] available by the loader (LanguageKeyCheck).
            return table.string("language").map { (.language($0), true) }
        }
        let target = table.string("open")
        let name = table.string("action")
        if let target { open(target, at: table.keyPath("open")) }
        if table.has("open") && table.has("action") {
            context.error(table.keyPath("action"), "set either 'open' or 'action', not both")
            return nil
        }
        if let target { return (.open(PageID(target)), true) }
        guard let name else {
            return table.has("open") || table.has("action") ? nil : (nil, true)
        }
        switch name {
        case "back": return (.back, true)
        case "home": return (.home, true)
        case "next": return (.nextFace, true)
        case "previous": return (.previousFace, true)
        default:
            if name.hasPrefix("open:") {
                let id = name.dropFirst(5)
                context.error(table.keyPath("action"), "to open a page write open = \"\(id)\"")
            } else {
                context.error(
                    table.keyPath("action"),
                    "unknown action \"\(name)\"" + Suggestion.hint(for: name, in: Self.actionNames)
                        + " (to open a page use open = \"page-id\")")
            }
            return nil
        }
    }

    mutating func open(_ id: String, at keyPath: String) {
        references.append(PageReference(kind: .open, target: PageID(id), keyPath: keyPath))
    }
}
