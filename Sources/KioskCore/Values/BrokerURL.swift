/// Where the broker is: `mqtt://host[:port]` (1883) or `mqtts://host[:port]` (8883, TLS).
public struct BrokerURL: Hashable, Sendable, CustomStringConvertible {
    public var host: String
    public var port: Int32
    public var usesTLS: Bool

    public init(_ text: String) throws(ValueSyntaxError) {
        let schemes: [(String, Bool, Int32)] = [("mqtt://", false, 1883), ("mqtts://", true, 8883)]
        guard let (scheme, tls, defaultPort) = schemes.first(where: { text.hasPrefix($0.0) }) else {
            throw .brokerURL("\"\(text)\" must start with mqtt:// or mqtts://")
        }
        var rest = Substring(text.dropFirst(scheme.count))
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        var host = rest
        var port = defaultPort
        // [v6::addr]:port, host:port, or host alone.
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":"), let value = Int32(after.dropFirst()) else {
                    throw .brokerURL("bad port in \"\(text)\"")
                }
                port = value
            }
        } else if let colon = rest.lastIndex(of: ":") {
            host = rest[..<colon]
            guard let value = Int32(rest[rest.index(after: colon)...]) else {
                throw .brokerURL("bad port in \"\(text)\"")
            }
            port = value
        }
        guard !host.isEmpty, !host.contains("/" as Character), !host.contains("@" as Character)
        else { throw .brokerURL("no host in \"\(text)\"") }
        guard (1...65535).contains(port) else { throw .brokerURL("port \(port) outside 1…65535") }
        self.host = String(host)
        self.port = port
        usesTLS = tls
    }

    public var description: String { "\(usesTLS ? "mqtts" : "mqtt")://\(host):\(port)" }
}
