import KioskCore

/// `chart`, `gauge` and `bar`: widgets that draw values as shapes. Their values must be
/// `[[value]]`s (a chart's with a `history`), checked by `ValueReferenceCheck`.
extension WidgetParser {
    static let chartTypes = ["chart", "gauge", "bar"]
    static let chartKeysByType: [String: [String]] = [
        "chart": ["values", "value", "label", "unit", "style", "min", "max", "height"],
        "gauge": ["value", "label", "unit", "min", "max", "size"],
        "bar": ["value", "label", "unit", "min", "max", "orientation", "height"]
    ]
    static let defaultChartHeight = 220.0
    static let defaultGaugeSize = 220.0
    /// The most values one chart draws (more lines cannot be told apart).
    static let maximumChartValues = 6

    func chartWidget(_ type: String, _ table: TableReader, what: String) -> Widget? {
        let label = table.string("label", allowEmpty: true) ?? ""
        let unit = table.string("unit", allowEmpty: true)
        switch type {
        case "chart":
            let values = chartValues(table, what: what)
            let style = table.choice("style", ChartStyle.self, what: "chart style") ?? .line
            let (low, high) = axis(table, allowsAuto: true)
            let height =
                table.number("height", maximum: ConfigLimits.length) ?? Self.defaultChartHeight
            guard let values, let low, let high else { return nil }
            return .chart(
                ChartWidget(
                    values: values, label: label, unit: unit, style: style, minimum: low,
                    maximum: high, height: height))
        case "gauge":
            let value = table.string("value", required: what)
            let (low, high) = fixedAxis(table)
            let size = table.number("size", maximum: ConfigLimits.length) ?? Self.defaultGaugeSize
            guard let value, let low, let high else { return nil }
            return .gauge(
                GaugeWidget(
                    value: value, label: label, unit: unit, minimum: low, maximum: high, size: size)
            )
        default:
            let value = table.string("value", required: what)
            let (low, high) = fixedAxis(table)
            let orientation = table.choice(
                "orientation", BarOrientation.self, what: "bar orientation")
            let height = table.number("height", maximum: ConfigLimits.length)
            guard let value, let low, let high else { return nil }
            return .bar(
                BarWidget(
                    value: value, label: label, unit: unit, minimum: low, maximum: high,
                    orientation: orientation ?? .horizontal, height: height))
        }
    }

    /// `values = ["a", "b"]` or `value = "a"`, not both.
    private func chartValues(_ table: TableReader, what: String) -> [String]? {
        if table.has("value") && table.has("values") {
            context.error(
                table.keyPath("values"), "set either 'value' (one) or 'values' (several), not both")
            return nil
        }
        if table.has("value") { return table.string("value", required: what).map { [$0] } }
        guard let entries = table.strings("values", required: what, limit: Self.maximumChartValues)
        else { return nil }
        guard !entries.isEmpty else {
            context.error(table.keyPath("values"), "\(what) needs at least one value")
            return nil
        }
        return entries.map(\.value)
    }

    /// `min` and `max`: numbers, or `"auto"` for a chart; min below max.
    private func axis(_ table: TableReader, allowsAuto: Bool) -> (AxisBound?, AxisBound?) {
        func bound(_ key: String) -> AxisBound? {
            guard table.has(key) else { return .auto }
            if let text = table.value(key)?.stringValue {
                if text == "auto" { return .auto }
                context.error(
                    table.keyPath(key), "expected a number or \"auto\", found \"\(text)\"")
                return nil
            }
            return table.number(
                key, above: -ConfigLimits.number, allowMinimum: true, maximum: ConfigLimits.number
            ).map(AxisBound.fixed)
        }
        let low = bound("min")
        let high = bound("max")
        if case .fixed(let l)? = low, case .fixed(let h)? = high, l >= h {
            context.error(
                table.keyPath("max"),
                "max (\(TableReader.format(h))) must be greater than min (\(TableReader.format(l)))"
            )
            return (nil, nil)
        }
        return (low, high)
    }

    /// A gauge's or bar's `min` (0) and `max` (100): fixed numbers, min below max.
    private func fixedAxis(_ table: TableReader) -> (Double?, Double?) {
        func bound(_ key: String, _ fallback: Double) -> Double? {
            guard table.has(key) else { return fallback }
            return table.number(
                key, above: -ConfigLimits.number, allowMinimum: true, maximum: ConfigLimits.number)
        }
        guard let low = bound("min", 0), let high = bound("max", 100) else { return (nil, nil) }
        guard low < high else {
            context.error(
                table.keyPath(table.has("max") ? "max" : "min"),
                "max (\(TableReader.format(high))) must be greater than min (\(TableReader.format(low)))"
            )
            return (nil, nil)
        }
        return (low, high)
    }
}
