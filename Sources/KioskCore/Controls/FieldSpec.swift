/// What a `field` control takes and how it is typed: the kind of entry, the rules a submitted
/// value must meet, and the on-screen layout it opens (docs/configuration.md, "Fields").
public struct FieldSpec: Hashable, Sendable {
    public var entry: FieldEntry
    public var rules: FieldRules
    /// The keyboard a text field opens; number and PIN fields always open the numeric pad.
    public var layout: KeyboardLayout
    /// Drawn after a number (`"°C"`); never part of the value sent.
    public var unit: String?

    public init(entry: FieldEntry, rules: FieldRules, layout: KeyboardLayout, unit: String? = nil) {
        self.entry = entry
        self.rules = rules
        self.layout = layout
        self.unit = unit
    }

    /// The layout shown when the field is tapped.
    public var openedLayout: KeyboardLayout { entry == .text ? layout : .numeric }

    /// The rows of keys shown when the field is tapped. A PIN pad has no sign or decimal point
    /// (keys that could only be refused): its bottom rows are Cancel, 0, backspace, then OK.
    public var keys: [[EntryKey]] {
        guard entry == .pin else { return openedLayout.rows }
        let digits = Array(KeyboardLayout.numeric.rows.prefix(3))
        return digits + [[.cancel, .character("0"), .backspace], [.submit]]
    }
}

/// `kind = "text" | "number" | "pin"`.
public enum FieldEntry: String, Hashable, Sendable, CaseIterable {
    case text
    /// A decimal number (`-`, digits, one `.`), checked against `min` and `max`.
    case number
    /// Digits only, shown as dots while typed and on the panel.
    case pin

    /// What the panel shows for `text`: a PIN is never shown.
    public func shown(_ text: String) -> String {
        self == .pin ? String(repeating: "•", count: text.count) : text
    }
}
