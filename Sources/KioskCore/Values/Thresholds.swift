/// Numeric limits that turn a value's text into a level. A value at or above `alarmAbove` (or at
/// or below `alarmBelow`) is an alarm; else at or above `warningAbove` (or at or below
/// `warningBelow`) a warning; else normal. Text that does not start with a number is normal.
public struct Thresholds: Hashable, Sendable {
    public var warningAbove: Double?
    public var alarmAbove: Double?
    public var warningBelow: Double?
    public var alarmBelow: Double?

    public init(
        warningAbove: Double? = nil, alarmAbove: Double? = nil, warningBelow: Double? = nil,
        alarmBelow: Double? = nil
    ) {
        self.warningAbove = warningAbove
        self.alarmAbove = alarmAbove
        self.warningBelow = warningBelow
        self.alarmBelow = alarmBelow
    }

    /// The level of `text` (its leading number: `"21.5 °C"` is 21.5).
    public func level(of text: String) -> ValueLevel {
        guard let number = Self.leadingNumber(text) else { return .normal }
        if let alarmAbove, number >= alarmAbove { return .alarm }
        if let alarmBelow, number <= alarmBelow { return .alarm }
        if let warningAbove, number >= warningAbove { return .warning }
        if let warningBelow, number <= warningBelow { return .warning }
        return .normal
    }

    /// The longest prefix of `text` (after blanks) that reads as a decimal number.
    public static func leadingNumber(_ text: String) -> Double? {
        let trimmed = text.drop { $0 == " " || $0 == "\t" }
        var prefix = ""
        for character in trimmed {
            guard character.isASCII, character.isNumber || "+-.eE".contains(character) else {
                break
            }
            prefix.append(character)
        }
        while !prefix.isEmpty {
            if let value = Double(prefix), value.isFinite { return value }
            prefix.removeLast()
        }
        return nil
    }
}
