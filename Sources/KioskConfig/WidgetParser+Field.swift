import KioskCore

/// A `field` control: `kind` (text, number, pin), the rules a value must pass before it is sent
/// (`min`, `max`, `pattern`, `max_length`), and the keyboard a text field opens (`layout`).
/// The actions (`set`, `publish`, `run`) are the controls' own (`controlEffects`).
extension WidgetParser {
    static let fieldKeys = ["kind", "min", "max", "pattern", "max_length", "layout", "unit"]
    /// Longer than any value a visitor types on a panel; keeps a typo (`max_length = 10000000`)
    /// from meaning "no limit".
    static let maxFieldLength = 1000

    func fieldSpec(_ table: TableReader, what: String) -> FieldSpec? {
        let before = context.diagnostics.count
        let entry = table.choice("kind", FieldEntry.self, what: "field kind") ?? .text
        let bound = ConfigLimits.number
        let min = table.number("min", above: -bound, allowMinimum: true)
        let max = table.number("max", above: -bound, allowMinimum: true)
        for key in ["min", "max", "unit"] where table.has(key) && entry != .number {
            context.error(
                table.keyPath(key), "'\(key)' belongs to a field with kind = \"number\"")
        }
        if let min, let max, min >= max {
            context.error(
                table.keyPath("max"),
                "must be greater than min (\(TableReader.format(min))), found \(TableReader.format(max))"
            )
        }
        let pattern = table.string("pattern")
        if let pattern {
            do {
                _ = try Regex(pattern)
            } catch {
                context.error(
                    table.keyPath("pattern"), "is not a regular expression: \(error)")
            }
        }
        let maxLength = table.integer("max_length", minimum: 1, maximum: Self.maxFieldLength)
        var layout = KeyboardLayout.en
        if let name = table.string("layout") {
            let names = KeyboardLayout.letterLayouts.map(\.rawValue)
            if let chosen = KeyboardLayout(rawValue: name), chosen != .numeric {
                layout = chosen
            } else {
                context.error(
                    table.keyPath("layout"),
                    "unknown keyboard layout \"\(name)\"" + Suggestion.hint(for: name, in: names))
            }
            if entry != .text {
                context.error(
                    table.keyPath("layout"),
                    "'layout' belongs to a text field; number and PIN fields open the numeric pad")
            }
        }
        let unit = table.string("unit", allowEmpty: true)
        guard context.diagnostics.count == before else { return nil }
        let rules = FieldRules(min: min, max: max, pattern: pattern, maxLength: maxLength)
        return FieldSpec(entry: entry, rules: rules, layout: layout, unit: unit)
    }
}
