/// `[mqtt]` in kiosk.toml, as written; the runner turns it into the MQTT client's configuration
/// (reading the credentials file, defaulting the client id to the host name).
public struct MQTTSettings: Hashable, Sendable {
    public var broker: BrokerURL
    /// nil: the host name.
    public var clientID: String?
    /// nil: `kiosk/<client id>`.
    public var topicPrefix: String?
    /// Absolute path of a file with the username on line 1 and the password on line 2.
    public var credentialsFile: String?
    /// Absolute path of the CA certificates (PEM) for mqtts://; nil: the system's.
    public var caFile: String?
    /// Seconds between keepalive pings.
    public var keepalive: Int
    /// Largest PNG the `screenshot` command publishes (KiB); a larger one is refused on
    /// `<prefix>/error` instead (a broker's message limit, a metered link).
    public var screenshotMaxKiB: Int

    /// `screenshot_max_kib`'s default: a busy 1920x1080 page is about 300–800 KiB as PNG.
    public static let defaultScreenshotMaxKiB = 4096

    public init(
        broker: BrokerURL, clientID: String? = nil, topicPrefix: String? = nil,
        credentialsFile: String? = nil,
        caFile: String? = nil, keepalive: Int = 30,
        screenshotMaxKiB: Int = MQTTSettings.defaultScreenshotMaxKiB
    ) {
        self.screenshotMaxKiB = screenshotMaxKiB
        self.broker = broker
        self.clientID = clientID
        self.topicPrefix = topicPrefix
        self.credentialsFile = credentialsFile
        self.caFile = caFile
        self.keepalive = keepalive
    }
}

/// The outside world a configuration asks for: `[mqtt]`, `[dbus]` and the `[[value]]`s.
public struct ControlSettings: Hashable, Sendable {
    /// nil: no broker.
    public var mqtt: MQTTSettings?
    /// `[dbus] enabled`: offer `org.kioskshell.Kiosk1` on the system bus.
    public var dbusEnabled: Bool
    /// Named live values, in file order.
    public var values: [ValueDefinition]

    public init(
        mqtt: MQTTSettings? = nil, dbusEnabled: Bool = false, values: [ValueDefinition] = []
    ) {
        self.mqtt = mqtt
        self.dbusEnabled = dbusEnabled
        self.values = values
    }

    /// The definition named `name`.
    public func value(_ name: String) -> ValueDefinition? { values.first { $0.name == name } }
}
