/// The checks a field's value must pass before it is sent (`min`, `max`, `pattern`,
/// `max_length`). Pure: `problem(with:)` says, in the words shown on the panel, what is wrong.
public struct FieldRules: Hashable, Sendable {
    public var min: Double?
    public var max: Double?
    /// A regular expression the whole value must match (Swift `Regex` syntax, as written in the
    /// config; `check` compiles it).
    public var pattern: String?
    /// At most this many characters.
    public var maxLength: Int?

    public init(
        min: Double? = nil, max: Double? = nil, pattern: String? = nil, maxLength: Int? = nil
    ) {
        self.min = min
        self.max = max
        self.pattern = pattern
        self.maxLength = maxLength
    }

    /// Why `text` is refused for an entry of `entry`, in one sentence; nil when it is good.
    public func problem(with text: String, entry: FieldEntry) -> String? {
        if text.isEmpty { return "Nothing entered" }
        // A PIN is never shown, not even in the reason it was refused.
        let said = entry.shown(text)
        if let maxLength, text.count > maxLength {
            return "\(text.count) characters is more than the \(maxLength) allowed"
        }
        switch entry {
        case .number:
            guard let number = Self.number(text) else { return "\(said) is not a number" }
            if let min, number < min { return "\(said) is below the minimum \(Self.format(min))" }
            if let max, number > max { return "\(said) is above the maximum \(Self.format(max))" }
        case .pin:
            if !text.allSatisfy({ $0.isASCII && $0.isNumber }) { return "A PIN is digits only" }
        case .text:
            break
        }
        if let pattern {
            guard let regex = try? Regex(pattern) else { return "The field's pattern is broken" }
            if (try? regex.wholeMatch(in: text)) == nil {
                return "\(said) is not in the form asked for"
            }
        }
        return nil
    }

    /// A whole decimal number as typed on the pad (`-3`, `23.5`, `.5`); nil for anything else,
    /// so "23.5°" or "1e3" are refused rather than read as a number.
    public static func number(_ text: String) -> Double? {
        let body = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !body.isEmpty, body.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            body.filter({ $0 == "." }).count <= 1, body != "."
        else { return nil }
        let sign = text.hasPrefix("-") ? "-" : ""
        return Double(sign + (body.hasPrefix(".") ? "0" : "") + body)
    }

    /// A limit as the operator wrote it: `30`, not `30.0`.
    static func format(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : String(x)
    }
}
