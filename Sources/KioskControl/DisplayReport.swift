import KioskCore

/// The display's state on the retained `<prefix>/display` topic: what the panel shows now and
/// who decided it.
public struct DisplayReport: Hashable, Sendable {
    public enum Cause: String, Hashable, Sendable {
        /// The schedule's row (or no row: on at full).
        case schedule
        /// A `display` or `brightness` command, until the schedule's state changes.
        case remote
        /// A touch woke a panel held off, for `wake_for`.
        case touch
    }

    public var power: DisplayPower
    /// The backlight level in percent (0 when off).
    public var brightness: Int
    public var cause: Cause

    public init(power: DisplayPower, brightness: Int, cause: Cause) {
        self.power = power
        self.brightness = brightness
        self.cause = cause
    }

    /// `{"display": "dim", "brightness": 30, "by": "schedule"}`
    public var json: String {
        "{\"display\": \(JSONString.quoted(power.rawValue)), \"brightness\": \(brightness), \"by\": \(JSONString.quoted(cause.rawValue))}"
    }
}
