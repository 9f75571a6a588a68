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
    let onScreen = ShownControls()

    init() throws {
        loop = try EventLoop()
        store = ValueStore(
            definitions: [
                ValueDefinition(name: "heating", source: .external),
                ValueDefinition(name: "setpoint", source: .mqtt(topic: "plant/setpoint"))
            ], now: 0)
        changes = ControlChanges(store: store, loop: loop, log: Logger(label: "test"))
        onScreen.serve(changes)
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
        changes.change(onScreen.input(toggle, .toggle), on: "plant", at: 1)
        #expect(store.text("heating") == "on")
        #expect(sent.map(\.0) == ["on"])
        #expect(sent.first?.1 == "plant")
        changes.change(onScreen.input(toggle, .toggle), on: "plant", at: 2)
        #expect(store.text("heating") == "off")
        #expect(sent.map(\.0) == ["on", "off"])
    }

    @Test("a change to an MQTT value shows at once and gives way when the source answers")
    func pendingUntilSourceAnswers() throws {
        changes.send = { _, _, _ in .sent }
        _ = store.deliver(Array("21.5".utf8), to: "setpoint", at: 0)
        _ = store.takeChanges()
        changes.change(onScreen.input(stepper, .step(1)), on: "plant", at: 1)
        #expect(store.text("setpoint") == "21.5")  // the source has not answered
        let shown = changes.overlay(store.snapshot())
        #expect(shown.changed)
        #expect(shown.lookup.value("setpoint")?.text == "22.0")
        // The next touch steps from what is shown, not from the source's older value.
        changes.change(onScreen.input(stepper, .step(1)), on: "plant", at: 1.1)
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
                onScreen.input(stepper, .step(1)), on: "plant",
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
            onScreen.input(toggle, .toggle), on: "plant", at: MonotonicClock.now)
        try run(for: 2) { attempts.count == 2 }
        #expect(attempts == ["on", "on"])
    }
}

extension ControlChangesTests {
    /// `stepper` publishing to `topic` instead.
    func stepper(publishingTo topic: String, step: Double = 0.5) -> ControlWidget {
        var changed = stepper
        changed.kind = .stepper(ControlRange(min: 15, max: 30, step: step))
        changed.effects.publish = PublishTemplate(topic: topic)
        return changed
    }

    @Test("a change waiting to be sent goes out as the control is after a reload (its new topic)")
    func waitingChangeUsesReloadedControl() throws {
        var topics: [String] = []
        var sent: [String] = []
        changes.send = { control, value, _ in
            topics.append(control.effects.publish?.topic ?? "")
            sent.append(value)
            return .sent
        }
        _ = store.deliver(Array("20".utf8), to: "setpoint", at: 0)
        let now = MonotonicClock.now
        changes.change(onScreen.input(stepper, .step(1)), on: "plant", at: now)
        changes.change(onScreen.input(stepper, .step(1)), on: "plant", at: now + 0.01)
        #expect(sent == ["20.5"])
        // The operator renames the topic; the reload lands while the second change waits.
        onScreen.controls = [stepper(publishingTo: "plant/setpoint/target")]
        try run(for: 2) { sent.count == 2 }
        #expect(sent == ["20.5", "21.0"])
        #expect(topics == ["plant/setpoint/set", "plant/setpoint/target"])
    }

    @Test("a touch after a reload steps by the control's new step")
    func touchUsesReloadedRange() throws {
        changes.send = { _, _, _ in .sent }
        _ = store.deliver(Array("20".utf8), to: "setpoint", at: 0)
        let input = onScreen.input(stepper, .step(1))
        let reloaded = stepper(publishingTo: "plant/setpoint/set", step: 2)
        onScreen.controls = [reloaded]
        changes.change(input, on: "plant", at: 1)
        let expected = ControlValueMath.next(reloaded.kind, current: "20", part: .step(1))
        #expect(expected == "23")  // 20 snaps to the new steps from 15 (21), one step up
        #expect(changes.overlay(store.snapshot()).lookup.value("setpoint")?.text == expected)
    }

    /// A `ControlChanges` of its own on this store and page, its log lines kept, the values it
    /// sends recorded.
    func loggedChanges() -> (ControlChanges, LogLines, SentValues) {
        let lines = LogLines()
        let changes = ControlChanges(
            store: store, loop: loop, log: Logger(label: "test") { _ in lines })
        onScreen.serve(changes)
        let sent = SentValues()
        changes.send = { _, value, _ in
            sent.values.append(value)
            return .sent
        }
        return (changes, lines, sent)
    }

    @Test("a change waiting when a reload takes its control away is dropped, in one log line")
    func waitingChangeOfVanishedControl() throws {
        let (changes, lines, sent) = loggedChanges()
        _ = store.deliver(Array("20".utf8), to: "setpoint", at: 0)
        let now = MonotonicClock.now
        let input = onScreen.input(stepper, .step(1))
        changes.change(input, on: "plant", at: now)
        changes.change(input, on: "plant", at: now + 0.01)
        onScreen.controls = []
        try run(for: 0.6) { false }
        #expect(sent.values == ["20.5"])
        // A touch that was on its way when the control went changes nothing.
        changes.change(input, on: "plant", at: MonotonicClock.now)
        #expect(sent.values == ["20.5"])
        #expect(
            lines.lines.filter { $0.hasPrefix("notice") } == [
                "notice: control plant/setpoint is no longer in the configuration: 21.0 is not sent",
                "notice: control plant/setpoint is no longer in the configuration: the touch is ignored"
            ])
    }

    @Test(
        "a value typed while a reload narrowed the field's rules is not sent, and the log says so")
    func fieldNarrowedByReload() throws {
        let (changes, lines, sent) = loggedChanges()
        func field(max: Double) -> ControlWidget {
            control(
                .field(
                    FieldSpec(
                        entry: .number, rules: FieldRules(min: 15, max: max), layout: .numeric)),
                "setpoint")
        }
        // The keypad opens on the field as it is; the reload lands before OK.
        let name = onScreen.input(field(max: 30), .open).control
        onScreen.controls = [field(max: 20)]
        changes.change(ControlInput(control: name, part: .entered("25")), on: "plant", at: 1)
        #expect(sent.values.isEmpty)
        changes.change(ControlInput(control: name, part: .entered("19")), on: "plant", at: 2)
        #expect(sent.values == ["19"])
        #expect(
            lines.lines.filter { $0.hasPrefix("notice") } == [
                "notice: field plant/setpoint: the value entered breaks the field's rules as reloaded; not sent"
            ])
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
        let onScreen = ShownControls()
        onScreen.serve(changes)
        let stepper = ControlWidget(
            kind: .stepper(ControlRange(min: 15, max: 30, step: 0.5)), label: "", value: "setpoint",
            effects: ControlEffects())
        changes.change(onScreen.input(stepper, .step(1)), on: "plant", at: 1)
        #expect(store.text("setpoint") == "15.5")
        let warnings = lines.lines.filter { $0.hasPrefix("warning") }
        #expect(
            warnings == [
                "warning: stepper setpoint: the value \"sensor error\" is not a number; the change starts from the range 15.0…30.0"
            ])
    }
}

/// The configuration the runner shows, as `ControlChanges` looks controls up in it: page
/// "plant", a panel of the tests' controls, which a test may replace as a reload would.
final class ShownControls {
    var controls: [ControlWidget] = []

    var configuration: KioskConfiguration {
        let plant = PageDefinition(
            id: "plant", title: "Plant",
            content: .panel(Panel(widgets: controls.map { .control($0) })))
        return KioskConfiguration(
            settings: KioskSettings(home: "plant"), pages: ["plant": plant],
            directory: "/nonexistent")
    }

    /// Makes `changes` look controls up here, as the runner makes it look in `config.shown`.
    func serve(_ changes: ControlChanges) {
        changes.current = { [unowned self] name, page in configuration.control(name, on: page) }
    }

    /// A touch on `part` of `control`, which is put on the page if it is not there yet.
    func input(_ control: ControlWidget, _ part: ControlPart) -> ControlInput {
        if !controls.contains(control) { controls.append(control) }
        let index = controls.firstIndex(of: control) ?? 0
        let panel = Panel(widgets: controls.map { .control($0) })
        return ControlInput(control: panel.name(of: control, at: index), part: part)
    }
}

/// The values a `ControlChanges` sent, in order.
final class SentValues {
    var values: [String] = []
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
