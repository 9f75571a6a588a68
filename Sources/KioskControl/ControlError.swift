/// Failures of KioskControl: program actions, live values, MQTT and D-Bus. Each message is one
/// line a technician can act on; the value or connection it concerns keeps its last good state.
public enum ControlError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Input that is not valid JSON; the text says where and why.
    case malformedJSON(String)
    /// A JSON path that does not parse, or does not lead to what was asked for.
    case jsonPath(String)
    /// Input over a size limit (`what` names it: payload, rows, value).
    case tooLarge(what: String, size: Int, limit: Int)
    /// A source could not be read or started.
    case source(String)
    /// A remote command outside the navigation vocabulary, or malformed.
    case refusedCommand(String)
    /// The MQTT client could not be set up or a call to libmosquitto failed.
    case mqtt(String)
    /// A broker URL that is not `mqtt://host[:port]` or `mqtts://host[:port]`.
    case brokerURL(String)
    /// sd-bus failed (connecting, registering, calling); the text carries the D-Bus error.
    case dbus(String)

    public var description: String {
        switch self {
        case .malformedJSON(let reason): "malformed JSON: \(reason)"
        case .jsonPath(let reason): "JSON path: \(reason)"
        case .tooLarge(let what, let size, let limit): "\(what) too large: \(size) > \(limit)"
        case .source(let reason): reason
        case .refusedCommand(let reason): "refused command: \(reason)"
        case .mqtt(let reason): "MQTT: \(reason)"
        case .brokerURL(let reason): "broker URL: \(reason)"
        case .dbus(let reason): "D-Bus: \(reason)"
        }
    }
}
