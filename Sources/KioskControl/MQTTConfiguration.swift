#if canImport(Glibc)
    import Glibc
#endif

import KioskCore

/// Everything the MQTT client needs; `[mqtt]` in kiosk.toml maps onto it.
public struct MQTTConfiguration: Sendable {
    public var broker: BrokerURL
    /// The MQTT client id (unique per panel; the runner defaults it to the host name).
    public var clientID: String
    /// Topics of this panel start with it: `<prefix>/status`, `<prefix>/page`, `<prefix>/command`.
    public var topicPrefix: String
    /// Username and password (read with `readCredentials`), nil for anonymous.
    public var credentials: (username: String, password: String)?
    /// CA certificates for mqtts:// (PEM file); nil uses the system's.
    public var caFile: String?
    /// Seconds between keepalive pings.
    public var keepalive: Int32
    /// Reconnect delays: the first, doubled after each failure up to the last.
    public var reconnectDelay: (first: Double, max: Double)
    /// Seconds to wait for the broker's answer to a connect before trying again.
    public var connectTimeout: Double
    /// Largest message accepted on a subscribed topic (bytes); larger ones are refused.
    public var maxPayload: Int
    /// Commands waiting for the next loop round, at most (a flood drops the oldest).
    public var commandQueueLimit: Int

    public init(
        broker: BrokerURL, clientID: String, topicPrefix: String,
        credentials: (username: String, password: String)? = nil, caFile: String? = nil,
        keepalive: Int32 = 30,
        reconnectDelay: (first: Double, max: Double) = (1, 60), connectTimeout: Double = 10,
        maxPayload: Int = 256 * 1024, commandQueueLimit: Int = 16
    ) {
        self.broker = broker
        self.clientID = clientID
        self.topicPrefix = topicPrefix.hasSuffix("/") ? String(topicPrefix.dropLast()) : topicPrefix
        self.credentials = credentials
        self.caFile = caFile
        self.keepalive = keepalive
        self.reconnectDelay = reconnectDelay
        self.connectTimeout = connectTimeout
        self.maxPayload = maxPayload
        self.commandQueueLimit = commandQueueLimit
    }

    /// Retained `online`, or `offline` (the last will, or a clean stop).
    public var statusTopic: String { topicPrefix + "/status" }
    /// Retained id of the page on screen.
    public var pageTopic: String { topicPrefix + "/page" }
    /// Accepts `RemoteCommand` lines.
    public var commandTopic: String { topicPrefix + "/command" }
    /// Retained display state (JSON: display, brightness, by).
    public var displayTopic: String { topicPrefix + "/display" }
    /// Retained health report (JSON), every minute and on change.
    public var healthTopic: String { topicPrefix + "/health" }
    /// The PNG the `screenshot` command asked for.
    public var screenshotTopic: String { topicPrefix + "/screenshot" }
    /// One line for a command that failed after it was accepted (a screenshot over the limit).
    public var errorTopic: String { topicPrefix + "/error" }

    /// Reads a credentials file: the username on the first line, the password on the second
    /// (so a password may hold any character but a newline). Keep it mode 0600/0640.
    public static func readCredentials(_ path: String) throws(ControlError) -> (
        username: String, password: String
    ) {
        let bytes: [UInt8]
        switch ValueSources.readCapped(path, limit: 4096) {
        case .success(let read): bytes = read
        case .failure(let error): throw error
        }
        guard bytes.count <= 4096 else {
            throw .tooLarge(what: "credentials file \(path)", size: bytes.count, limit: 4096)
        }
        let lines = String(decoding: bytes, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
        guard lines.count >= 2, !lines[0].isEmpty else {
            throw .mqtt(
                "credentials file \(path) needs the username on line 1 and the password on line 2")
        }
        return (lines[0], lines[1])
    }
}
