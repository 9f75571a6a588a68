import Glibc
import Testing

@testable import KioskPlatform

/// A real datagram socket stands in for systemd's: the notifier's messages are read back from it.
@Suite("SystemdNotifier")
struct SystemdNotifierTests {
    /// Binds a datagram socket at `name` (a path, or "@name" for an abstract one) with a 1 s
    /// receive timeout.
    final class Listener {
        let fd: Int32
        let path: String?

        init(name: String) throws {
            fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let bytes = Array(name.utf8)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (i, b) in bytes.enumerated() { raw[i] = b }
                if bytes[0] == UInt8(ascii: "@") { raw[0] = 0 }
            }
            let abstract = bytes[0] == UInt8(ascii: "@")
            path = abstract ? nil : name
            if let path { unlink(path) }
            let length = socklen_t(2 + bytes.count + (abstract ? 0 : 1))
            let rc = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
            }
            try #require(rc == 0)
            var timeout = timeval(tv_sec: 1, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }

        deinit {
            close(fd)
            if let path { unlink(path) }
        }

        func receive() -> String? {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            return n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self) : nil
        }
    }

    static func temporaryPath() -> String {
        "/tmp/kiosk-notify-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sock"
    }

    @Test("READY=1 with STATUS= arrives as one datagram on a path socket")
    func readyOnPath() throws {
        let path = Self.temporaryPath()
        let listener = try Listener(name: path)
        let notifier = try SystemdNotifier(socketName: path)
        #expect(notifier.ready(status: "showing page \"home\""))
        #expect(listener.receive() == "READY=1\nSTATUS=showing page \"home\"")
    }

    @Test("a waiting start asks for more time (EXTEND_TIMEOUT_USEC) and says for what")
    func extendStart() throws {
        let path = Self.temporaryPath()
        let listener = try Listener(name: path)
        let notifier = try SystemdNotifier(socketName: path)
        #expect(notifier.extendStart(by: 30, status: "waiting for /dev/dri/card0"))
        #expect(
            listener.receive() == "EXTEND_TIMEOUT_USEC=30000000\nSTATUS=waiting for /dev/dri/card0")
    }

    @Test("an @name socket is reached in the abstract namespace")
    func abstractSocket() throws {
        let name = "@kiosk-notify-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let listener = try Listener(name: name)
        let notifier = try SystemdNotifier(socketName: name)
        #expect(notifier.watchdog())
        #expect(listener.receive() == "WATCHDOG=1")
    }

    @Test(
        "RELOADING=1 carries MONOTONIC_USEC; STOPPING=1; a newline in a status cannot split fields")
    func reloadingAndStopping() throws {
        let path = Self.temporaryPath()
        let listener = try Listener(name: path)
        let notifier = try SystemdNotifier(socketName: path)
        notifier.reloading(monotonicSeconds: 12.5)
        #expect(listener.receive() == "RELOADING=1\nMONOTONIC_USEC=12500000")
        notifier.status("two\nlines")
        #expect(listener.receive() == "STATUS=two lines")
        notifier.stopping()
        #expect(listener.receive() == "STOPPING=1")
    }

    @Test("no NOTIFY_SOCKET: no notifier; a relative name is refused")
    func environment() {
        #expect(SystemdNotifier(environment: { _ in nil }) == nil)
        #expect(
            SystemdNotifier(environment: { $0 == "NOTIFY_SOCKET" ? "relative.sock" : nil }) == nil)
    }

    @Test("the watchdog interval is half of WATCHDOG_USEC, only for this process's pid")
    func watchdogInterval() {
        func make(_ values: [String: String]) -> SystemdNotifier? {
            SystemdNotifier(environment: { values[$0] })
        }
        let socket = "/run/systemd/notify"
        #expect(make(["NOTIFY_SOCKET": socket, "WATCHDOG_USEC": "10000000"])?.watchdogInterval == 5)
        #expect(
            make([
                "NOTIFY_SOCKET": socket, "WATCHDOG_USEC": "3000000", "WATCHDOG_PID": "\(getpid())"
            ])?.watchdogInterval
                == 1.5)
        #expect(
            make(["NOTIFY_SOCKET": socket, "WATCHDOG_USEC": "3000000", "WATCHDOG_PID": "1"])?
                .watchdogInterval == nil)
        #expect(make(["NOTIFY_SOCKET": socket, "WATCHDOG_USEC": "zero"])?.watchdogInterval == nil)
        #expect(make(["NOTIFY_SOCKET": socket])?.watchdogInterval == nil)
    }

    @Test("a socket nobody listens on makes send return false with a reason, never a crash")
    func nobodyListens() throws {
        let notifier = try SystemdNotifier(socketName: Self.temporaryPath())
        #expect(!notifier.ready())
        #expect(notifier.lastFailure?.hasPrefix("sd_notify to /tmp/kiosk-notify-") == true)
    }
}
