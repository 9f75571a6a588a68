import KioskControl
import KioskCore
import KioskPlatform
import KioskRender
import Logging
import Testing

@testable import KioskApp

/// What a touch on a control does in the run: sets an external value, shows a change to any
/// other value until its source answers, and sends at most one change per interval, the last
/// always (on a real event loop; every wait has a deadline).
@Suite("ControlChanges", .serialized)
struct ControlChangesTests {
    let loop: EventLoop
    let store: ValueStore
    let changes: ControlChanges

    init() throws {
        loop = try EventLoop()
        store = ValueStore(
            definitions: [
                ValueDefinition(name: "heating", source: .external),
                ValueDefinition(name: "setpoint", source: .mqtt(topic: "plant/setpoint"))
            ], now: 0)
        changes = ControlChanges(store: store, loop: loop, log: Logger(label: "test"))
    }

    func control(_ kind: ControlKind, _ value: String, interval: Double = 0.25) -> ControlWidget {
        ControlWidget(
            kind: kind, label: "", value: value,
            effects: ControlEffects(
                publish: PublishTemplate(topic: "plant/\(value)/set"), sendInterval: interval))
    }

    var stepper: ControlWidget {
        control(.stepper(ControlRange(min: 15, max: 30, step: 0.5)), "setpoint")
    }

    /// Runs the loop until `done` or `seconds` pass.
    func run(for seconds: Double, until done: () -> Bool) throws {
        let deadline = MonotonicClock.now + seconds
        while !done() && MonotonicClock.now < deadline { _ = try loop.runOnce(timeout: 0.05) }
    }

    @Test("a toggle on an external value sets it and sends the new value")
    func toggleSetsExternal() throws {
        var sent: [(String, PageID)] = []
        changes.send = { _, value, page in
            sent.append((value, page))
            return .sent
        }
        let toggle = control(.toggle(on: "on", off: "off"), "heating")
        changes.change(ControlInput(control: toggle, part: .toggle), on: "plant", at: 1)
        #expect(store.text("heating") == "on")
        #expect(sent.map(\.0) == ["on"])
        #expect(sent.first?.1 == "plant")
        changes.change(ControlInput(control: toggle, part: .toggle), on: "plant", at: 2)
        #expect(store.text("heating") == "off")
        #expect(sent.map(\.0) == ["on", "off"])
    }

    @Test("a change to an MQTT value shows at once and gives way when the source answers")
    func pendingUntilSourceAnswers() throws {
        changes.send = { _, _, _ in .sent }
        _ = store.deliver(Array("21.5".utf8), to: "setpoint", at: 0)
        _ = store.takeChanges()
        changes.change(ControlInput(control: stepper, part: .step(1)), on: "plant", at: 1)
        #expect(store.text("setpoint") == "21.5")  // the source has not answered
        let shown = changes.overlay(store.snapshot())
        #expect(shown.changed)
        #expect(shown.lookup.value("setpoint")?.text == "22.0")
        // The next touch steps from what is shown, not from the source's older value.
        changes.change(ControlInput(control: stepper, part: .step(1)), on: "plant", at: 1.1)
        #expect(changes.overlay(store.snapshot()).lookup.value("setpoint")?.text == "22.5")
        // The source answers (with something else: the plant refused the last step).
        _ = store.deliver(Array("22.0".utf8), to: "setpoint", at: 2)
        changes.sourcesAnswered(store.takeChanges().values)
        let corrected = changes.overlay(store.snapshot())
        #expect(corrected.changed)
        #expect(corrected.lookup.value("setpoint")?.text == "22.0")
    }

    @Test("quick taps send the first change at once and the last one after the interval")
    func rateLimited() throws {
        var sent: [String] = []
        changes.send = { _, value, _ in
            sent.append(value)
            return .sent
        }
        _ = store.deliver(Array("20".utf8), to: "setpoint", at: 0)
        let now = MonotonicClock.now
        for tap in 0..<4 {
            changes.change(
                ControlInput(control: stepper, part: .step(1)), on: "plant",
                at: now + Double(tap) * 0.01)
        }
        #expect(sent == ["20.5"])
        try run(for: 2) { sent.count == 2 }
        #expect(sent == ["20.5", "22.0"])
    }

    @Test("a change whose program still runs waits and goes out when it may")
    func busyRetries() throws {
        var attempts: [String] = []
        changes.send = { _, value, _ in
            attempts.append(value)
            return attempts.count == 1 ? .busy : .sent
        }
        let toggle = control(.toggle(on: "on", off: "off"), "heating", interval: 0.1)
        changes.change(
            ControlInput(control: toggle, part: .toggle), on: "plant", at: MonotonicClock.now)
        try run(for: 2) { attempts.count == 2 }
        #expect(attempts == ["on", "on"])
    }
}

@Suite("ControlChanges: a value that is not a number")
struct ControlChangesNotANumberTests {
    @Test("a stepper on a value that is not a number steps from its range and says so in one line")
    func notANumber() throws {
        let loop = try EventLoop()
        let store = ValueStore(
            definitions: [ValueDefinition(name: "setpoint", source: .external)], now: 0)
        try store.set("setpoint", text: "sensor error", at: 0)
        let lines = LogLines()
        let log = Logger(label: "test") { _ in lines }
        let changes = ControlChanges(store: store, loop: loop, log: log)
        let stepper = ControlWidget(
            kind: .stepper(ControlRange(min: 15, max: 30, step: 0.5)), label: "", value: "setpoint",
            effects: ControlEffects())
        changes.change(ControlInput(control: stepper, part: .step(1)), on: "plant", at: 1)
        #expect(store.text("setpoint") == "15.5")
        let warnings = lines.lines.filter { $0.hasPrefix("warning") }
        #expect(
            warnings == [
                "warning: stepper setpoint: the value \"sensor error\" is not a number; the change starts from the range 15.0…30.0"
            ])
    }
}

/// Collects log lines ("level: message") for a test to read.
final class LogLines: LogHandler, @unchecked Sendable {
    var lines: [String] = []
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lines.append("\(event.level): \(event.message)")
    }
}
