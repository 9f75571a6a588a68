/// A value setting written wrongly in a config file (a JSON path, a broker URL): one line a
/// technician can act on. Config reports it under the key's path; KioskControl wraps it.
public enum ValueSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A JSON path that does not parse; `column` is 1-based within the path.
    case jsonPath(String, column: Int)
    /// A broker URL that is not `mqtt://host[:port]` or `mqtts://host[:port]`.
    case brokerURL(String)

    public var description: String {
        switch self {
        case .jsonPath(let reason, _): "JSON path: \(reason)"
        case .brokerURL(let reason): "broker URL: \(reason)"
        }
    }
}
