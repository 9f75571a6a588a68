import Foundation
import Glibc
import KioskCore
import KioskPlatform
import Testing

@testable import KioskControl

/// Records what the bus asks for, standing in for the runner.
final class RecordingDelegate: KioskControlDelegate {
    var commands: [RemoteCommand] = []
    var status = KioskStatus(currentPage: "home", idle: true, blanked: false)
    var health = #"{"page": "home", "display": "on"}"#

    func perform(_ command: RemoteCommand) throws(ControlError) {
        if case .navigate(.open(let page)) = command, page.rawValue == "missing" {
            throw .refusedCommand("no page \"missing\"")
        }
        commands.append(command)
    }
}

/// A real private dbus-daemon with the shipped policy; the service and a client on one loop;
/// refused callers are real processes under another uid (setpriv + dbus-send).
@Suite("D-Bus", .serialized)
struct KioskBusTests {
    func dbusSend(_ bus: PrivateBus, uid: Int, gid: Int, method: String) -> [String] {
        [
            "setpriv", "--reuid=\(uid)", "--regid=\(gid)", "--clear-groups", "dbus-send",
            "--bus=\(bus.address)",
            "--print-reply", "--dest=org.kioskshell.Kiosk1", "/org/kioskshell/Kiosk1",
            "org.kioskshell.Kiosk1.\(method)"
        ]
    }

    @Test("methods reach the delegate, properties read, signals arrive, refusals carry the reason")
    func serviceAndClient() throws {
        try PrivateBus.withService { bus, loop, delegate, service in

            // The client's blocking calls need the service to turn: it lives on a thread of its own.
            let address = bus.address
            let outcome = Thread.runDetachedAndWait(loop: loop) {
                do {
                    let client = try KioskBusClient(address: address)
                    try client.send(.navigate(.open("line2")))
                    try client.send(.navigate(.back))
                    try client.send(.navigate(.home))
                    try client.send(.reload)
                    try client.send(.screenshot(path: "/tmp/shot.png"))
                    try client.send(.setValue(name: "note", value: "<b>hi</b>"))
                    let status = try client.status()
                    var refusals: [String] = []
                    do { try client.send(.navigate(.open("missing"))) } catch {
                        refusals.append("\(error)")
                    }
                    do { try client.send(.screenshot(path: "relative.png")) } catch {
                        refusals.append("\(error)")
                    }
                    return "\(status.currentPage) \(status.idle) \(status.blanked) | "
                        + refusals.joined(separator: " | ")
                } catch { return "error: \(error)" }
            }
            #expect(
                outcome
                    == "home true false | D-Bus: org.freedesktop.DBus.Error.InvalidArgs: refused command: no page \"missing\" | D-Bus: org.freedesktop.DBus.Error.InvalidArgs: refused command: Screenshot needs an absolute file path"
            )
            #expect(
                delegate.commands == [
                    .navigate(.open("line2")), .navigate(.back), .navigate(.home), .reload,
                    .screenshot(path: "/tmp/shot.png"),
                    .setValue(name: "note", value: "<b>hi</b>")
                ])

            let watcher = try KioskBusClient(address: bus.address)
            var signals: [String] = []
            try watcher.watchSignals(on: loop) { member, arguments in
                signals.append(([member] + arguments).joined(separator: " "))
            }
            // The AddMatch must reach the bus before the signal is sent.
            try run(loop, for: 0.3) { false }
            service.pageChanged(to: "line2")
            service.actionRan(page: "line2", action: "restart")
            #expect(try run(loop, for: 5) { signals.count == 2 })
            #expect(signals == ["PageChanged line2", "ActionRan line2 restart"])
        }
    }

    @Test("the policy lets root call, refuses another user, and allows the control group")
    func policy() throws {
        // The shipped policy with its group swapped for "daemon" (gid 1), which exists here;
        // dbus-daemon looks callers up in the user database, so both callers are real users:
        // daemon (uid 1, in group daemon) and nobody (uid 65534, not in it).
        try PrivateBus.withService(group: "daemon") { bus, loop, delegate, _ in

            let root = try runToEnd(dbusSend(bus, uid: 0, gid: 0, method: "Home"), loop: loop)
            #expect(root?.status == .exited(0))
            let stranger = try runToEnd(
                dbusSend(bus, uid: 65534, gid: 65534, method: "Back"), loop: loop)
            #expect(stranger?.status == .exited(1))
            let strangerError = String(decoding: stranger?.stderr ?? [], as: UTF8.self)
            #expect(strangerError.contains("AccessDenied"))
            let member = try runToEnd(dbusSend(bus, uid: 1, gid: 1, method: "Reload"), loop: loop)
            let memberError = String(decoding: member?.stderr ?? [], as: UTF8.self)
            #expect(member?.status == .exited(0), "\(memberError)")
            #expect(delegate.commands == [.navigate(.home), .reload])
        }
    }

    @Test("Next and Previous do what the MQTT commands next and previous do")
    func nextAndPrevious() throws {
        try PrivateBus.withService { bus, loop, delegate, _ in
            for method in ["Next", "Previous"] {
                let call = try runToEnd(dbusSend(bus, uid: 0, gid: 0, method: method), loop: loop)
                #expect(
                    call?.status == .exited(0),
                    "\(String(decoding: call?.stderr ?? [], as: UTF8.self))")
            }
            #expect(
                delegate.commands == [
                    try RemoteCommand.parse(Array("next".utf8)),
                    try RemoteCommand.parse(Array("previous".utf8))
                ])
        }
    }

    @Test(
        "Display, Brightness (a number) and Screensaver reach the delegate; bad arguments are refused; Health reads the report"
    )
    func panelMethods() throws {
        try PrivateBus.withService { bus, loop, delegate, _ in
            let address = bus.address
            let outcome = Thread.runDetachedAndWait(loop: loop) {
                do {
                    let client = try KioskBusClient(address: address)
                    try client.send(.display(.off))
                    try client.send(.brightness(40))
                    try client.send(.screensaver)
                    var refusals: [String] = []
                    do { try client.send(.brightness(101)) } catch { refusals.append("\(error)") }
                    return try client.health() + " | " + refusals.joined(separator: " | ")
                } catch { return "error: \(error)" }
            }
            #expect(
                outcome
                    == #"{"page": "home", "display": "on"} | D-Bus: org.freedesktop.DBus.Error.InvalidArgs: refused command: brightness needs a percentage 0 to 100, not "101""#
            )
            #expect(delegate.commands == [.display(.off), .brightness(40), .screensaver])
            // dbus-send, as a fleet script would call it: a string that is no display state.
            let bad = try runToEnd(
                dbusSend(bus, uid: 0, gid: 0, method: "Display") + ["string:bright"], loop: loop)
            #expect(bad?.status == .exited(1))
            let badError = String(decoding: bad?.stderr ?? [], as: UTF8.self)
            #expect(badError.contains("display needs on, off or dim"))
        }
    }

    @Test("a user the policy does not allow cannot own the name")
    func ownership() throws {
        let folder = makeTemporaryFolder()
        defer { removeTree(folder) }
        let bus = try PrivateBus(folder: folder)
        defer { bus.stop() }
        let loop = try EventLoop()
        let caller = try runToEnd(
            [
                "setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "dbus-send",
                "--bus=\(bus.address)",
                "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                "org.freedesktop.DBus.RequestName",
                "string:org.kioskshell.Kiosk1", "uint32:4"
            ], loop: loop)
        #expect(caller?.status == .exited(1))
        let callerError = String(decoding: caller?.stderr ?? [], as: UTF8.self)
        #expect(callerError.contains("AccessDenied"))
    }
}

extension Thread {
    /// Runs `body` on a new thread while stepping `loop` on this one; returns its result.
    static func runDetachedAndWait(loop: EventLoop, _ body: @escaping @Sendable () -> String)
        -> String
    {
        final class Box: @unchecked Sendable {
            let lock = NSLock()
            var value: String?
        }
        let box = Box()
        Thread.detachNewThread {
            let value = body()
            box.lock.withLock { box.value = value }
        }
        _ = try? run(loop, for: 20) { box.lock.withLock { box.value != nil } }
        return box.lock.withLock { box.value } ?? "timed out"
    }
}
