/// What the kiosk reports about itself over D-Bus (properties) and MQTT (status topics).
public struct KioskStatus: Equatable, Sendable {
    /// The id of the page on screen.
    public var currentPage: String
    /// True when no touch arrived for the idle timeout.
    public var idle: Bool
    /// True when the screen is blanked.
    public var blanked: Bool

    public init(currentPage: String, idle: Bool = false, blanked: Bool = false) {
        self.currentPage = currentPage
        self.idle = idle
        self.blanked = blanked
    }
}

/// The runner's side of remote control: D-Bus methods and MQTT commands end up here, on the
/// loop thread. Throw to refuse (an unknown page, a value that cannot be set); the caller gets
/// the error's one-line message.
public protocol KioskControlDelegate: AnyObject {
    func perform(_ command: RemoteCommand) throws(ControlError)
    var status: KioskStatus { get }
    /// The health report as JSON (`HealthReport.json`), for the D-Bus `Health` property.
    var health: String { get }
}
