import KioskCore

/// Durations: a number of seconds or text with a unit, checked against a range.
extension TableReader {
    /// Seconds as a number (`30`, `0.5`) or text with a unit (`"30s"`, `"500ms"`, `"5m"`),
    /// greater than `minimum` (or equal when `allowMinimum`) and at most `maximum`.
    func seconds(
        _ key: String, above minimum: Double = 0, allowMinimum: Bool = false,
        maximum: Double = ConfigLimits.idleSeconds
    ) -> Double? {
        guard let value = value(key) else { return nil }
        guard let text = value.stringValue else {
            return number(key, above: minimum, allowMinimum: allowMinimum, maximum: maximum)
        }
        guard let seconds = Duration.seconds(text) else {
            context.error(
                keyPath(key),
                "expected a duration such as 30, \"30s\", \"500ms\" or \"5m\"; found \"\(text)\"")
            return nil
        }
        let aboveMinimum = allowMinimum ? seconds >= minimum : seconds > minimum
        guard aboveMinimum, seconds <= maximum else {
            let low = allowMinimum ? "at least" : "more than"
            context.error(
                keyPath(key),
                "must be \(low) \(Self.format(minimum)) s and at most \(Self.format(maximum)) s, found \"\(text)\""
            )
            return nil
        }
        return seconds
    }
}
