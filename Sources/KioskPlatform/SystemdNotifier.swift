import CPlatform
#if canImport(Glibc)
    import Glibc
#endif

// Ownership: the notifier owns one AF_UNIX datagram socket and closes it in deinit.

/// Tells systemd how the service is doing through `$NOTIFY_SOCKET` (sd_notify(3)): READY=1,
/// STATUS=, WATCHDOG=1, RELOADING=1, STOPPING=1.
///
/// The protocol is one datagram of newline-separated `KEY=VALUE` lines to the socket named in
/// `NOTIFY_SOCKET`: a path, or an abstract socket when it starts with `@`. It is documented as a
/// stable interface, so it is implemented here instead of linking libsystemd.
public final class SystemdNotifier {
    /// The socket messages go to, as written in `NOTIFY_SOCKET`.
    public let socketName: String
    /// How often to send WATCHDOG=1: half of `WATCHDOG_USEC` (sd_watchdog_enabled(3) advises
    /// pinging at half the timeout), or nil when systemd watches nothing (or another process).
    public let watchdogInterval: Double?
    private let fd: Int32
    private var address: sockaddr_un
    private let addressLength: socklen_t
    /// The reason the last message could not be sent, nil after a success.
    public private(set) var lastFailure: String?

    /// Reads `NOTIFY_SOCKET`, `WATCHDOG_USEC` and `WATCHDOG_PID` from `environment` (default:
    /// the process environment). Nil when `NOTIFY_SOCKET` is unset (not started by systemd with
    /// `Type=notify`) or unusable.
    public convenience init?(environment: (String) -> String? = SystemdNotifier.processEnvironment)
    {
        guard let name = environment("NOTIFY_SOCKET"), !name.isEmpty else { return nil }
        var interval: Double?
        if let text = environment("WATCHDOG_USEC"), let usec = UInt64(text), usec > 0 {
            // WATCHDOG_PID names the process the watchdog is meant for; a child that inherited
            // the variables must not ping for its parent.
            let pid = environment("WATCHDOG_PID").flatMap { Int32($0) }
            if pid == nil || pid == getpid() { interval = Double(usec) / 2_000_000 }
        }
        try? self.init(socketName: name, watchdogInterval: interval)
    }

    /// Opens a socket for `socketName` (a path, or `@name` for an abstract socket).
    public init(socketName: String, watchdogInterval: Double? = nil) throws(PlatformError) {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(socketName.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count >= 2, bytes.count < capacity,
            bytes[0] == UInt8(ascii: "/") || bytes[0] == UInt8(ascii: "@")
        else {
            throw .systemCall(
                call: "NOTIFY_SOCKET \(socketName)",
                reason: "not an absolute path or @abstract name")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
            // An abstract address starts with a NUL byte instead of '@'.
            if bytes[0] == UInt8(ascii: "@") { raw[0] = 0 }
        }
        let pathOffset = MemoryLayout<sockaddr_un>.offset(of: \.sun_path) ?? 2
        // The abstract name is exactly the bytes given (no terminating NUL counts).
        addressLength = socklen_t(
            pathOffset + bytes.count + (bytes[0] == UInt8(ascii: "@") ? 0 : 1))
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .fromErrno("socket(AF_UNIX)") }
        self.fd = fd
        self.address = address
        self.socketName = socketName
        self.watchdogInterval = watchdogInterval
    }

    deinit { close(fd) }

    /// The process environment through getenv(3).
    public static func processEnvironment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Sends `fields` (each `KEY=VALUE`, no newlines inside) as one message. Returns false when
    /// the socket refused it (the reason is in `lastFailure`); a notification that does not
    /// arrive must never stop the kiosk.
    @discardableResult
    public func send(_ fields: [String]) -> Bool {
        let message = Array(
            fields.map { $0.replacing("\n", with: " ") }.joined(separator: "\n").utf8)
        let sent = message.withUnsafeBytes { bytes in
            withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                    sendto(
                        fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL), socketAddress,
                        addressLength)
                }
            }
        }
        if sent == message.count {
            lastFailure = nil
            return true
        }
        lastFailure = "sd_notify to \(socketName) failed: \(String(cString: strerror(errno)))"
        return false
    }

    /// READY=1, with a status line.
    @discardableResult
    public func ready(status: String? = nil) -> Bool {
        send(["READY=1"] + (status.map { ["STATUS=\($0)"] } ?? []))
    }

    @discardableResult
    public func status(_ text: String) -> Bool { send(["STATUS=\(text)"]) }

    @discardableResult
    public func watchdog() -> Bool { send(["WATCHDOG=1"]) }

    /// EXTEND_TIMEOUT_USEC (systemd 236+): a start that is waiting, not hung, gets `seconds` more
    /// from now before TimeoutStartSec= stops it; with a status line saying what it waits for.
    @discardableResult
    public func extendStart(by seconds: Double, status: String) -> Bool {
        send(["EXTEND_TIMEOUT_USEC=\(UInt64(max(0, seconds) * 1_000_000))", "STATUS=\(status)"])
    }

    /// RELOADING=1 with MONOTONIC_USEC (systemd 253's `Type=notify-reload` requires the time
    /// stamp; older versions ignore it). Send `ready()` when the reload is done.
    @discardableResult
    public func reloading(monotonicSeconds: Double) -> Bool {
        send(["RELOADING=1", "MONOTONIC_USEC=\(UInt64(max(0, monotonicSeconds) * 1_000_000))"])
    }

    @discardableResult
    public func stopping() -> Bool { send(["STOPPING=1"]) }
}
