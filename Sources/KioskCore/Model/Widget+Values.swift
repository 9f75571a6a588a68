/// A named live value shown as a card: label, the value in large type (threshold colours, a
/// stale marker when its source stopped updating) and a unit. `file` generalised to any source.
public struct ValueWidget: Hashable, Sendable {
    public var label: String
    /// The `[[value]]` it shows.
    public var value: String
    public var unit: String?

    public init(label: String, value: String, unit: String? = nil) {
        self.label = label
        self.value = value
        self.unit = unit
    }
}

/// A paragraph of plain text with `{name}` placeholders (`ValueTemplate`): the values are
/// inserted as text, never read as Pango markup or as placeholders.
public struct LiveTextWidget: Hashable, Sendable {
    public var template: String
    public var size: Double?
    public var alignment: TextAlignment

    public init(template: String, size: Double? = nil, alignment: TextAlignment = .left) {
        self.template = template
        self.size = size
        self.alignment = alignment
    }

    /// The values it refers to.
    public var valueNames: [String] { ValueTemplate.names(in: template) }
}

/// List rows generated from a `[[value]]` with `rows`: each row's label and detail are
/// templates over the row's fields (`"{time}  {to}"`). The list keeps room for `maxRows` rows,
/// so new data redraws only the rows whose text changed and never moves the page below.
public struct ValueRowsWidget: Hashable, Sendable {
    /// The `[[value]]` whose rows it shows.
    public var value: String
    public var label: String
    public var detail: String?
    public var maxRows: Int
    /// Shown in the first row while there are no rows.
    public var placeholder: String

    public init(
        value: String, label: String, detail: String? = nil, maxRows: Int = 6,
        placeholder: String = "—"
    ) {
        self.value = value
        self.label = label
        self.detail = detail
        self.maxRows = maxRows
        self.placeholder = placeholder
    }
}

extension Widget {
    /// The `[[value]]` names the widget shows (empty for widgets that show no value).
    public var valueNames: [String] {
        switch self {
        case .value(let w): [w.value]
        case .liveText(let w): w.valueNames
        case .valueRows(let w): [w.value]
        case .control(let w): [w.value]
        case .chart(let w): w.values
        case .gauge(let w): [w.value]
        case .bar(let w): [w.value]
        case .qr(let w):
            if case .value(let name) = w.content { [name] } else { [] }
        default: []
        }
    }
}
