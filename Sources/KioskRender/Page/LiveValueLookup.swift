import KioskCore

/// Read access to the app's live values for drawing: Render never imports KioskControl, the
/// app hands in closures over its value store.
public struct LiveValueLookup: Sendable {
    public var value: @Sendable (String) -> LiveValue?
    public var rows: @Sendable (String) -> [ValueRow]
    /// A value's history and thresholds for charts, gauges and bars.
    public var charts: @Sendable (String) -> ChartData

    public init(
        value: @escaping @Sendable (String) -> LiveValue?,
        rows: @escaping @Sendable (String) -> [ValueRow],
        charts: @escaping @Sendable (String) -> ChartData = { _ in
            ChartData(history: nil, thresholds: nil)
        }
    ) {
        self.value = value
        self.rows = rows
        self.charts = charts
    }
}

extension RenderContext {
    /// What a live region shows, as one comparable string (text, stale mark and level), so a
    /// region is redrawn exactly when one of them changes.
    func shownLiveValue(_ source: DynamicRegion.Source) -> String? {
        switch source {
        case .value(let name):
            guard let value = values(name) else { return nil }
            return "\(value.level)|\(value.isStale)|\(value.hasValue)|\(value.text)"
        case .template(let template):
            return expand(template)
        case .row(let name, let index):
            let rows = rows(name)
            guard rows.indices.contains(index) else { return index == 0 && rows.isEmpty ? "" : nil }
            return rows[index].fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                .joined(separator: "\u{1F}")
        case .chart(let names):
            return chartState(names)
        case .clock, .file:
            return nil
        }
    }

    /// `template` with each `{name}` replaced by the value's text (unknown names stay written).
    func expand(_ template: String) -> String {
        ValueTemplate.expand(template) { values($0)?.text }
    }
}
