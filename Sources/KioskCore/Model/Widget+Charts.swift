/// Widgets that draw numbers as shapes: a chart of values' histories, a gauge, a bar. Their size
/// never depends on the values, so a new sample redraws only their own card.

/// Where a chart's, gauge's or bar's scale ends: a number, or taken from the data.
public enum AxisBound: Hashable, Sendable {
    case fixed(Double)
    /// From the samples in view (a chart) or the value itself (a gauge or bar).
    case auto
}

/// A band of the scale drawn in a threshold colour: at or above `from`, below `to`.
public struct ScaleBand: Hashable, Sendable {
    public var from: Double
    public var to: Double
    public var level: ValueLevel
    public init(from: Double, to: Double, level: ValueLevel) {
        self.from = from
        self.to = to
        self.level = level
    }

    /// The bands a value's thresholds make between `low` and `high`, the warning zones first
    /// so the alarm zones are drawn over them.
    public static func bands(of thresholds: Thresholds?, low: Double, high: Double) -> [ScaleBand] {
        guard let t = thresholds else { return [] }
        var bands: [ScaleBand] = []
        // A warning zone stops where the alarm zone starts, so the two never blend.
        if let v = t.warningAbove {
            bands.append(ScaleBand(from: v, to: t.alarmAbove ?? high, level: .warning))
        }
        if let v = t.warningBelow {
            bands.append(ScaleBand(from: t.alarmBelow ?? low, to: v, level: .warning))
        }
        if let v = t.alarmAbove { bands.append(ScaleBand(from: v, to: high, level: .alarm)) }
        if let v = t.alarmBelow { bands.append(ScaleBand(from: low, to: v, level: .alarm)) }
        return bands.compactMap { band in
            let from = max(low, band.from)
            let to = min(high, band.to)
            return from < to ? ScaleBand(from: from, to: to, level: band.level) : nil
        }
    }
}

public enum ChartStyle: String, Hashable, Sendable, CaseIterable {
    /// A line per value.
    case line
    /// A line with the area under it filled.
    case area
}

/// The histories of one or more values as lines over their window (`type = "chart"`).
public struct ChartWidget: Hashable, Sendable {
    /// The `[[value]]`s it draws, each with a `history`.
    public var values: [String]
    public var label: String
    public var unit: String?
    public var style: ChartStyle
    public var minimum: AxisBound
    public var maximum: AxisBound
    public var height: Double

    public init(
        values: [String], label: String = "", unit: String? = nil, style: ChartStyle = .line,
        minimum: AxisBound = .auto, maximum: AxisBound = .auto, height: Double = 220
    ) {
        self.values = values
        self.label = label
        self.unit = unit
        self.style = style
        self.minimum = minimum
        self.maximum = maximum
        self.height = height
    }
}

/// One value on an arc from `minimum` to `maximum`, its thresholds as coloured stretches of the
/// arc and the value written in the centre (`type = "gauge"`).
public struct GaugeWidget: Hashable, Sendable {
    public var value: String
    public var label: String
    public var unit: String?
    public var minimum: Double
    public var maximum: Double
    public var size: Double

    public init(
        value: String, label: String = "", unit: String? = nil, minimum: Double = 0,
        maximum: Double = 100, size: Double = 220
    ) {
        self.value = value
        self.label = label
        self.unit = unit
        self.minimum = minimum
        self.maximum = maximum
        self.size = size
    }
}

public enum BarOrientation: String, Hashable, Sendable, CaseIterable {
    case horizontal, vertical
}

/// One value as a filled level between `minimum` and `maximum` (`type = "bar"`).
public struct BarWidget: Hashable, Sendable {
    public var value: String
    public var label: String
    public var unit: String?
    public var minimum: Double
    public var maximum: Double
    public var orientation: BarOrientation
    /// The card's height (a vertical bar's length).
    public var height: Double

    public init(
        value: String, label: String = "", unit: String? = nil, minimum: Double = 0,
        maximum: Double = 100, orientation: BarOrientation = .horizontal, height: Double? = nil
    ) {
        self.value = value
        self.label = label
        self.unit = unit
        self.minimum = minimum
        self.maximum = maximum
        self.orientation = orientation
        self.height = height ?? (orientation == .horizontal ? 110 : 260)
    }
}
