import Foundation
import Glibc
import KioskPlatform

@testable import KioskControl

/// A private dbus-daemon on a socket in a temporary folder, configured like the system bus
/// (method calls denied unless a policy allows them) plus the shipped kiosk policy, optionally
/// with its group swapped for one that exists on this machine.
final class PrivateBus {
    let folder: String
    let address: String
    private let daemon: Daemon

    /// The repository's policy file.
    static var shippedPolicy: String {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path + "/systemd/dbus/org.kioskshell.Kiosk1.conf"
    }

    init(folder: String, group: String? = nil) throws {
        self.folder = folder
        // Other users (the refused caller) must reach the socket.
        chmod(folder, 0o755)
        let socket = folder + "/bus"
        address = "unix:path=" + socket
        var policy = try String(contentsOfFile: Self.shippedPolicy, encoding: .utf8)
        if let group {
            policy = policy.replacingOccurrences(
                of: "group=\"kiosk-control\"", with: "group=\"\(group)\"")
        }
        writeFile(folder + "/kiosk.conf", policy)
        writeFile(
            folder + "/bus.conf",
            """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <listen>\(address)</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow user="*"/>
                <deny own="*"/>
                <deny send_type="method_call"/>
                <allow send_type="signal"/>
                <allow send_requested_reply="true" send_type="method_return"/>
                <allow send_requested_reply="true" send_type="error"/>
                <allow receive_type="method_call"/>
                <allow receive_type="method_return"/>
                <allow receive_type="error"/>
                <allow receive_type="signal"/>
                <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus"/>
                <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Introspectable"/>
              </policy>
              <include>\(folder)/kiosk.conf</include>
            </busconfig>

            """)
        daemon = Daemon(
            argv: [
                "dbus-daemon", "--config-file=\(folder)/bus.conf", "--nofork", "--print-address"
            ],
            outputPath: folder + "/address")
        try daemon.start()
        let ready = try Daemon.wait(for: 10) {
            ((try? String(contentsOfFile: folder + "/address", encoding: .utf8)) ?? "").contains(
                "unix:")
        }
        guard ready else { throw DaemonError.notReady("dbus-daemon in \(folder)") }
    }

    func stop() { daemon.stop() }

    /// A private bus (with the policy's group swapped for `group`), a loop and the service with a
    /// recording delegate, the name owned; the bus stops after `body`.
    static func withService(
        group: String? = nil,
        _ body: (PrivateBus, EventLoop, RecordingDelegate, KioskBusService) throws -> Void
    ) throws {
        let folder = makeTemporaryFolder()
        defer { removeTree(folder) }
        let bus = try PrivateBus(folder: folder, group: group)
        defer { bus.stop() }
        let loop = try EventLoop()
        let delegate = RecordingDelegate()
        let service = try KioskBusService(loop: loop, address: bus.address, delegate: delegate)
        guard try run(loop, for: 5, until: { service.ownsName }) else {
            throw DaemonError.notReady("bus name")
        }
        try body(bus, loop, delegate, service)
    }
}
