/// A saved navigation state that cannot be read.
public enum NavigationStateError: Error, Hashable, Sendable, CustomStringConvertible {
    case missingHeader
    case malformedLine(Int, String)

    public var description: String {
        switch self {
        case .missingHeader: "navigation state does not start with '\(NavigationState.header)'"
        case .malformedLine(let line, let text):
            "navigation state line \(line) is malformed: \(text)"
        }
    }
}
