import KioskControl
import KioskCore
import KioskRender

extension ValueStore {
    /// A Sendable copy of every value and list for the renderer (which never sees the store).
    func snapshot() -> LiveValueLookup {
        var values: [String: LiveValue] = [:]
        var rows: [String: [ValueRow]] = [:]
        for (name, definition) in definitions {
            if definition.isList {
                rows[name] = self.rows(name) ?? []
            } else if let value = value(name) {
                values[name] = value
            }
        }
        let (valueSnapshot, rowSnapshot) = (values, rows)
        return LiveValueLookup(value: { valueSnapshot[$0] }, rows: { rowSnapshot[$0] ?? [] })
    }
}
