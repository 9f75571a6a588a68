/// One element of a panel's vertical flow. Sizes are logical pixels.
public enum Widget: Hashable, Sendable {
    case title(TitleWidget)
    case text(TextWidget)
    case image(ImageWidget)
    case list(ListWidget)
    case grid(GridWidget)
    case clock(ClockWidget)
    case keyValue(KeyValueWidget)
    case fileValue(FileValueWidget)
    case spacer(SpacerWidget)
    /// A named live value as a card (`type = "value"`).
    case value(ValueWidget)
    /// Plain text with `{name}` placeholders filled from live values (`type = "text"`, `text = …`).
    case liveText(LiveTextWidget)
    /// List rows generated from a value's JSON array (`type = "list"`, `rows = …`).
    case valueRows(ValueRowsWidget)
    /// A toggle, slider, stepper or choice that changes a value (`ControlWidget`).
    case control(ControlWidget)
    /// Values' histories as lines (`type = "chart"`).
    case chart(ChartWidget)
    /// A value on an arc (`type = "gauge"`).
    case gauge(GaugeWidget)
    /// A value as a filled level (`type = "bar"`).
    case bar(BarWidget)
    /// A QR code of fixed text or a value (`type = "qr"`).
    case qr(QRWidget)

    /// The widget's name as written in `type = "…"`.
    public var typeName: String {
        switch self {
        case .title: "title"
        case .text: "text"
        case .image: "image"
        case .list: "list"
        case .grid: "grid"
        case .clock: "clock"
        case .keyValue: "keyvalue"
        case .fileValue: "file"
        case .spacer: "spacer"
        case .value: "value"
        case .liveText: "text"
        case .valueRows: "list"
        case .control(let w): w.typeName
        case .chart: "chart"
        case .gauge: "gauge"
        case .bar: "bar"
        case .qr: "qr"
        }
    }
}

/// A large heading with an optional smaller line under it.
public struct TitleWidget: Hashable, Sendable {
    public var text: String
    public var subtitle: String?
    public init(text: String, subtitle: String? = nil) {
        self.text = text
        self.subtitle = subtitle
    }
}

/// A paragraph of Pango markup, wrapped to the panel width.
public struct TextWidget: Hashable, Sendable {
    public var markup: String
    /// Font size override; nil means the theme's body size.
    public var size: Double?
    public var alignment: TextAlignment
    public init(markup: String, size: Double? = nil, alignment: TextAlignment = .left) {
        self.markup = markup
        self.size = size
        self.alignment = alignment
    }
}

public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
    case left, center, right
}

/// A PNG image scaled to fit the panel width and the given height, keeping its aspect ratio.
public struct ImageWidget: Hashable, Sendable {
    /// Absolute path (config files name it relative to the config folder).
    public var path: String
    public var height: Double
    public var caption: String?
    public init(path: String, height: Double, caption: String? = nil) {
        self.path = path
        self.height = height
        self.caption = caption
    }
}

/// Rows that each show a label, an optional detail and a chevron, and open a page when tapped.
public struct ListWidget: Hashable, Sendable {
    public var rows: [ListRow]
    public init(rows: [ListRow]) { self.rows = rows }
}

public struct ListRow: Hashable, Sendable {
    public var label: String
    public var detail: String?
    /// Drawn when the row navigates somewhere; defaults to true when `action` is set.
    public var showsChevron: Bool
    public var action: Action?
    public init(
        label: String, detail: String? = nil, showsChevron: Bool? = nil, action: Action? = nil
    ) {
        self.label = label
        self.detail = detail
        self.showsChevron = showsChevron ?? (action != nil)
        self.action = action
    }
}

/// Tiles or buttons laid out in a grid of equal cells.
public struct GridWidget: Hashable, Sendable {
    public var columns: Int
    public var tileHeight: Double
    public var tiles: [Tile]
    public init(columns: Int, tileHeight: Double, tiles: [Tile]) {
        self.columns = columns
        self.tileHeight = tileHeight
        self.tiles = tiles
    }
}

public struct Tile: Hashable, Sendable {
    public var label: String
    /// Absolute path of a PNG icon drawn above the label.
    public var icon: String?
    public var action: Action?
    public var style: TileStyle
    public init(label: String, icon: String? = nil, action: Action? = nil, style: TileStyle = .tile)
    {
        self.label = label
        self.icon = icon
        self.action = action
        self.style = style
    }
}

public enum TileStyle: String, Hashable, Sendable, CaseIterable {
    /// A card in the surface colour.
    case tile
    /// A filled button in the accent colour.
    case button
}

/// The current time or date, formatted with strftime(3) codes.
public struct ClockWidget: Hashable, Sendable {
    public var format: String
    public var size: Double?
    public var alignment: TextAlignment
    public init(format: String = "%H:%M", size: Double? = nil, alignment: TextAlignment = .left) {
        self.format = format
        self.size = size
        self.alignment = alignment
    }
}

/// Label/value rows, e.g. machine facts.
public struct KeyValueWidget: Hashable, Sendable {
    public var rows: [KeyValueRow]
    public init(rows: [KeyValueRow]) { self.rows = rows }
}

public struct KeyValueRow: Hashable, Sendable {
    public var key: String
    public var value: String
    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}

/// A value another program writes to a file (a sensor, a counter), shown with a label and unit,
/// re-read when the file changes.
public struct FileValueWidget: Hashable, Sendable {
    public var label: String
    /// Absolute path (config files may name it relative to the config folder).
    public var path: String
    public var unit: String?
    /// Shown while the file is missing or unreadable.
    public var placeholder: String
    public init(label: String, path: String, unit: String? = nil, placeholder: String = "—") {
        self.label = label
        self.path = path
        self.unit = unit
        self.placeholder = placeholder
    }
}

/// Empty vertical space.
public struct SpacerWidget: Hashable, Sendable {
    public var height: Double
    public init(height: Double) { self.height = height }
}
