import KioskCore

/// `history = "10m"` (a time window) or `history = 300` (a number of samples) on a `[[value]]`:
/// what charts draw. A list value has no history (its rows are not one number).
extension SettingsParser {
    /// The longest window a history may keep (a day: longer windows belong in a database).
    static let historyMaximumSeconds = 86_400.0

    func history(_ table: TableReader) -> HistoryLength? {
        guard let value = table.value("history") else { return nil }
        if table.has("rows") {
            context.error(
                table.keyPath("history"), "a list value (rows) keeps no history; remove 'history'")
            return nil
        }
        if value.intValue != nil {
            let count = table.integer(
                "history", minimum: 2, maximum: HistoryLength.maximumSamples)
            return count.map(HistoryLength.samples)
        }
        guard let text = value.stringValue, let seconds = Duration.seconds(text),
            text.contains(where: \.isLetter), seconds > 0, seconds <= Self.historyMaximumSeconds
        else {
            let found = value.stringValue.map { "\"\($0)\"" } ?? TableReader.describe(value)
            context.error(
                table.keyPath("history"),
                "expected a time window such as \"10m\", \"30s\" or \"1h\" (at most 24h), or a sample count such as 300; found \(found)"
            )
            return nil
        }
        return .duration(seconds: seconds)
    }
}
