import KioskCore
import Testing

@testable import KioskControl

@Suite("RemoteCommand")
struct RemoteCommandTests {
    func parse(_ text: String) throws -> RemoteCommand { try RemoteCommand.parse(Array(text.utf8)) }

    @Test("the navigation vocabulary parses")
    func vocabulary() throws {
        #expect(try parse("open line-2") == .navigate(.open("line-2")))
        #expect(try parse("  back\n") == .navigate(.back))
        #expect(try parse("home") == .navigate(.home))
        #expect(try parse("next") == .navigate(.nextFace))
        #expect(try parse("previous") == .navigate(.previousFace))
        #expect(try parse("reload") == .reload)
        #expect(
            try parse("set note Hello  world") == .setValue(name: "note", value: "Hello  world"))
    }

    @Test("anything else is refused with a reason")
    func refused() {
        #expect(
            throws: ControlError.refusedCommand(
                "unknown command \"screenshot\" (known: open PAGE, back, home, next, previous, reload, set NAME VALUE)"
            )
        ) {
            try parse("screenshot /etc/shadow")
        }
        #expect(throws: ControlError.refusedCommand("\"back\" takes no argument")) {
            try parse("back 2")
        }
        #expect(throws: ControlError.self) { try parse("open a b") }
        #expect(throws: ControlError.self) { try parse("open ../x") }
        #expect(throws: ControlError.refusedCommand("empty command")) { try parse("   ") }
        #expect(throws: ControlError.tooLarge(what: "command", size: 2000, limit: 1024)) {
            try parse(String(repeating: "a", count: 2000))
        }
    }

    @Test("a queue keeps the latest commands and the latest set per name")
    func queue() {
        var queue = CommandQueue(capacity: 3)
        for _ in 0..<5 { queue.push(.navigate(.nextFace)) }
        queue.push(.setValue(name: "a", value: "1"))
        queue.push(.setValue(name: "a", value: "2"))
        let (commands, dropped) = queue.take()
        #expect(
            commands == [
                .navigate(.nextFace), .navigate(.nextFace), .setValue(name: "a", value: "2")
            ])
        #expect(dropped == 3)
        #expect(queue.take().commands.isEmpty)
    }

    @Test("broker URLs")
    func urls() throws {
        #expect(try BrokerURL("mqtt://broker.local").description == "mqtt://broker.local:1883")
        #expect(try BrokerURL("mqtts://10.0.0.2:8884/").description == "mqtts://10.0.0.2:8884")
        #expect(try BrokerURL("mqtt://[::1]:1884").host == "::1")
        #expect(
            throws: ValueSyntaxError.brokerURL("\"http://x\" must start with mqtt:// or mqtts://")
        ) { try BrokerURL("http://x") }
        #expect(throws: ValueSyntaxError.self) { try BrokerURL("mqtt://host:99999") }
        #expect(throws: ValueSyntaxError.self) { try BrokerURL("mqtt://user@host") }
    }
}
