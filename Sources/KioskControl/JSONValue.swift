/// A parsed JSON document. Numbers keep their source text, so `3.10` is shown as `3.10` and a
/// 20-digit counter loses no digits.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The value as display text: strings as they are, numbers as written, booleans as
    /// `true`/`false`, null as empty; nil for arrays and objects (not a single value).
    public var text: String? {
        switch self {
        case .null: ""
        case .bool(let value): value ? "true" : "false"
        case .number(let text): text
        case .string(let text): text
        case .array, .object: nil
        }
    }

    /// The JSON type's name, for error messages.
    var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Parses `bytes` (RFC 8259; nesting deeper than `maxDepth` is refused).
    public static func parse(_ bytes: some Collection<UInt8>, maxDepth: Int = 64)
        throws(ControlError) -> JSONValue
    {
        var parser = JSONParser(bytes: Array(bytes), maxDepth: maxDepth)
        return try parser.document()
    }
}
