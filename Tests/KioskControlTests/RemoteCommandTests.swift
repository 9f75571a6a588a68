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

    @Test("display, brightness, screensaver and screenshot parse")
    func panelCommands() throws {
        #expect(try parse("display off") == .display(.off))
        #expect(try parse(" display dim\n") == .display(.dim))
        #expect(try parse("display on") == .display(.on))
        #expect(try parse("brightness 0") == .brightness(0))
        #expect(try parse("brightness 100") == .brightness(100))
        #expect(try parse("brightness 40") == .brightness(40))
        #expect(try parse("screensaver") == .screensaver)
        #expect(try parse("screenshot") == .publishScreenshot)
        #expect(RemoteCommand.brightness(40).description == "brightness 40")
        #expect(RemoteCommand.display(.dim).description == "display dim")
    }

    @Test("bad display and brightness arguments are refused with a reason")
    func panelCommandsRefused() {
        #expect(
            throws: ControlError.refusedCommand("display needs on, off or dim, not \"bright\"")
        ) { try parse("display bright") }
        #expect(throws: ControlError.refusedCommand("display needs on, off or dim")) {
            try parse("display")
        }
        for bad in ["101", "-1", "+5", "4.5", "abc", "0x10", "1000"] {
            #expect(
                throws: ControlError.refusedCommand(
                    "brightness needs a percentage 0 to 100, not \"\(bad)\"")
            ) { try parse("brightness \(bad)") }
        }
        #expect(
            throws: ControlError.refusedCommand("brightness needs one percentage, 0 to 100")
        ) { try parse("brightness 1 2") }
        #expect(throws: ControlError.refusedCommand("\"screensaver\" takes no argument")) {
            try parse("screensaver now")
        }
    }

    @Test("anything else is refused with a reason")
    func refused() {
        #expect(
            throws: ControlError.refusedCommand(
                "unknown command \"rm\" (known: open PAGE, back, home, next, previous, reload, set NAME VALUE, display on|off|dim, brightness N, screensaver, screenshot)"
            )
        ) {
            try parse("rm -rf /")
        }
        // MQTT's screenshot publishes; it never names a file.
        #expect(throws: ControlError.refusedCommand("\"screenshot\" takes no argument")) {
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
