import Foundation
import Glibc
import KioskCore
import KioskPlatform
import Testing

@testable import KioskControl

/// The built `kiosk-shell ctl` against the service on a private bus.
@Suite("kiosk-shell ctl", .serialized)
struct CtlCommandTests {
    /// The binary next to this test bundle (same build).
    static let binary: String? = {
        guard let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        else { return nil }
        let path = (exe as NSString).deletingLastPathComponent + "/kiosk-shell"
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }()

    func ctl(_ arguments: [String], bus: PrivateBus, loop: EventLoop) throws -> (
        ChildProcess.Status?, String, String
    ) {
        let binary = try #require(
            Self.binary, "kiosk-shell is built with the tests (swift build --build-tests)")
        let result = try runToEnd(
            [binary, "ctl", "--address", bus.address] + arguments, loop: loop, timeout: 20)
        return (
            result?.status, String(decoding: result?.stdout ?? [], as: UTF8.self),
            String(decoding: result?.stderr ?? [], as: UTF8.self)
        )
    }

    @Test("ctl open, set, status and a refused page")
    func commands() throws {
        try PrivateBus.withService { bus, loop, delegate, _ in

            #expect(try ctl(["open", "line2"], bus: bus, loop: loop).0 == .exited(0))
            #expect(
                try ctl(["set", "note", "hello", "world"], bus: bus, loop: loop).0 == .exited(0))
            #expect(try ctl(["next"], bus: bus, loop: loop).0 == .exited(0))
            #expect(try ctl(["previous"], bus: bus, loop: loop).0 == .exited(0))
            #expect(try ctl(["set", "level", "-5"], bus: bus, loop: loop).0 == .exited(0))
            #expect(
                try ctl(["screenshot", "/tmp/x/../shot.png"], bus: bus, loop: loop).0 == .exited(0))
            let (status, output, _) = try ctl(["status"], bus: bus, loop: loop)
            #expect(status == .exited(0))
            #expect(output == "page: home\nidle: yes\nblanked: no\n")
            let (refused, _, error) = try ctl(["open", "missing"], bus: bus, loop: loop)
            #expect(refused == .exited(1))
            #expect(
                error.contains(
                    "kiosk-shell ctl: D-Bus: org.freedesktop.DBus.Error.InvalidArgs: refused command: no page \"missing\""
                ))
            let (unknown, _, unknownError) = try ctl(["launch", "rockets"], bus: bus, loop: loop)
            #expect(unknown == .exited(64))
            #expect(
                unknownError.hasPrefix(
                    "kiosk-shell ctl: unknown command 'launch'\nusage: kiosk-shell ctl <command>"))
            let (typo, _, typoError) = try ctl(["nxt"], bus: bus, loop: loop)
            #expect(typo == .exited(64))
            #expect(
                typoError.hasPrefix("kiosk-shell ctl: unknown command 'nxt'; did you mean 'next'?"))
            #expect(
                delegate.commands == [
                    .navigate(.open("line2")), .setValue(name: "note", value: "hello world"),
                    .navigate(.nextFace),
                    .navigate(.previousFace), .setValue(name: "level", value: "-5"),
                    .screenshot(path: "/tmp/shot.png")
                ])
        }
    }

    @Test("ctl --help and ctl COMMAND --help print the help and exit 0 without a bus")
    func help() throws {
        let binary = try #require(
            Self.binary, "kiosk-shell is built with the tests (swift build --build-tests)")
        let loop = try EventLoop()
        // Every bus the child could reach is a socket that does not exist: a connection attempt fails.
        let nowhere = "unix:path=/nonexistent/kiosk-ctl-test"
        let environment = ["DBUS_SYSTEM_BUS_ADDRESS": nowhere, "DBUS_SESSION_BUS_ADDRESS": nowhere]
        for arguments in [["--help"], ["--address", nowhere, "--help"]]
            + Self.commands.map({ [$0, "--help"] })
        {
            var result: ChildProcess.Termination?
            try ChildProcess.spawn(
                loop: loop,
                options: .init(
                    argv: [binary, "ctl"] + arguments, environment: environment, timeout: 20)
            ) { result = $0 }
            try run(loop, for: 25) { result != nil }
            let output = String(decoding: result?.stdout ?? [], as: UTF8.self)
            let error = String(decoding: result?.stderr ?? [], as: UTF8.self)
            #expect(
                result?.status == .exited(0), "ctl \(arguments.joined(separator: " ")): \(error)")
            #expect(
                output.contains("USAGE: kiosk-shell ctl"),
                "ctl \(arguments.joined(separator: " ")): \(output)")
            #expect(!error.contains("D-Bus"))
        }
    }

    static let commands = [
        "open", "back", "home", "next", "previous", "reload", "screenshot", "set", "status"
    ]
}
