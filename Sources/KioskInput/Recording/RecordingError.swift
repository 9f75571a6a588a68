/// Why a line of a recorded input sequence could not be read. One line each, with its number.
public enum RecordingError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownEvent(line: Int, name: String)
    case missingField(line: Int, field: String)
    case badValue(line: Int, field: String, value: String)
    case malformed(line: Int, text: String)

    public var description: String {
        switch self {
        case .unknownEvent(let line, let name): "recording line \(line): unknown event \"\(name)\""
        case .missingField(let line, let field): "recording line \(line): missing \(field)="
        case .badValue(let line, let field, let value):
            "recording line \(line): \(field)=\(value) is not a valid value"
        case .malformed(let line, let text): "recording line \(line): cannot read \"\(text)\""
        }
    }
}
