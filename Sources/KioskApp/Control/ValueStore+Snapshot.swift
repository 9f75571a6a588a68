import KioskControl
import KioskCore
import KioskRender

extension ValueStore {
    /// A Sendable copy of every value and list for the renderer (which never sees the store).
    /// `charts` is what `chartSources()` gave: it changes only with the definitions, so a
    /// running kiosk builds it once, not per sample.
    func snapshot(charts: [String: ChartData]? = nil) -> LiveValueLookup {
        var values: [String: LiveValue] = [:]
        var rows: [String: [ValueRow]] = [:]
        for (name, definition) in definitions {
            if definition.isList {
                rows[name] = self.rows(name) ?? []
            } else if let value = value(name) {
                values[name] = value
            }
        }
        let (valueSnapshot, rowSnapshot, chartSnapshot) = (values, rows, charts ?? chartSources())
        return LiveValueLookup(
            value: { valueSnapshot[$0] }, rows: { rowSnapshot[$0] ?? [] },
            charts: { chartSnapshot[$0] ?? ChartData(history: nil, thresholds: nil) })
    }

    /// Each value's history (the store's own ring, read in place) and thresholds.
    func chartSources() -> [String: ChartData] {
        var charts: [String: ChartData] = [:]
        for (name, definition) in definitions where !definition.isList {
            let history = self.history(name)
            if history != nil || definition.thresholds != nil {
                charts[name] = ChartData(history: history, thresholds: definition.thresholds)
            }
        }
        return charts
    }
}
