import KioskCore
import Testing

@Suite("Controls: the value a touch makes")
struct ControlValueMathTests {
    let setpoint = ControlRange(min: 15, max: 30, step: 0.5, unit: "°C")

    @Test("a toggle flips between its on and off values, and starts on from no value")
    func toggle() {
        let kind = ControlKind.toggle(on: "1", off: "0")
        #expect(ControlValueMath.next(kind, current: "0", part: .toggle) == "1")
        #expect(ControlValueMath.next(kind, current: "1", part: .toggle) == "0")
        #expect(ControlValueMath.next(kind, current: nil, part: .toggle) == "1")
        #expect(ControlValueMath.next(kind, current: "unknown", part: .toggle) == "1")
    }

    @Test("a stepper moves one step, stays within min and max, and says nothing at the end")
    func stepper() {
        let kind = ControlKind.stepper(setpoint)
        #expect(ControlValueMath.next(kind, current: "21.5", part: .step(1)) == "22.0")
        #expect(ControlValueMath.next(kind, current: "21.5", part: .step(-1)) == "21.0")
        #expect(ControlValueMath.next(kind, current: "30", part: .step(1)) == nil)
        #expect(ControlValueMath.next(kind, current: "15.0", part: .step(-1)) == nil)
        // Off the grid (a source said 21.3): snapped first, then stepped.
        #expect(ControlValueMath.next(kind, current: "21.3", part: .step(1)) == "22.0")
        // No value yet, or one that is not a number: + starts from min, − from max.
        #expect(ControlValueMath.next(kind, current: nil, part: .step(1)) == "15.5")
        #expect(ControlValueMath.next(kind, current: "error", part: .step(-1)) == "29.5")
    }

    @Test("a slider's fraction maps onto the step grid from min, clamped to the track")
    func slider() {
        let kind = ControlKind.slider(ControlRange(min: 0, max: 120, step: 5))
        #expect(ControlValueMath.next(kind, current: "0", part: .track(fraction: 0.5)) == "60")
        #expect(ControlValueMath.next(kind, current: "0", part: .track(fraction: 0.52)) == "60")
        #expect(ControlValueMath.next(kind, current: "0", part: .track(fraction: 0.53)) == "65")
        #expect(ControlValueMath.next(kind, current: "0", part: .track(fraction: 1.4)) == "120")
        #expect(ControlValueMath.next(kind, current: "50", part: .track(fraction: -1)) == "0")
        #expect(ControlValueMath.next(kind, current: "60", part: .track(fraction: 0.5)) == nil)
        // A key press on a track has no position: nothing changes.
        #expect(ControlValueMath.next(kind, current: "60", part: .track(fraction: nil)) == nil)
    }

    @Test("a choice takes the option's value; the chosen one again changes nothing")
    func choice() {
        let kind = ControlKind.choice([
            ChoiceOption(label: "Eco", value: "eco"), ChoiceOption(label: "Boost", value: "boost")
        ])
        #expect(ControlValueMath.next(kind, current: "eco", part: .option(1)) == "boost")
        #expect(ControlValueMath.next(kind, current: "boost", part: .option(1)) == nil)
        #expect(ControlValueMath.next(kind, current: "eco", part: .option(5)) == nil)
    }

    @Test("numbers are written with the step's decimals, never with float noise or -0")
    func formatting() {
        let tenths = ControlRange(min: 0, max: 1, step: 0.1)
        #expect(ControlValueMath.format(0.30000000000000004, tenths) == "0.3")
        #expect(ControlValueMath.format(-0.04, tenths) == "0.0")
        #expect(ControlValueMath.format(-2.5, ControlRange(min: -5, max: 5, step: 0.5)) == "-2.5")
        #expect(ControlValueMath.format(0.05, ControlRange(min: 0, max: 1, step: 0.05)) == "0.05")
        #expect(ControlValueMath.format(42, ControlRange(min: 0, max: 100, step: 1)) == "42")
        #expect(ControlValueMath.format(1.25, ControlRange(min: 0.25, max: 2, step: 1)) == "1.25")
    }

    @Test("a value's leading number is read; text that is not a number is none")
    func numbers() {
        #expect(ControlValueMath.number("21.5") == 21.5)
        #expect(ControlValueMath.number(" -3 °C") == -3)
        #expect(ControlValueMath.number("+4") == 4)
        #expect(ControlValueMath.number("on") == nil)
        #expect(ControlValueMath.number("") == nil)
        #expect(ControlValueMath.number("1-2") == 1)
        #expect(ControlValueMath.fraction(of: "22.5", in: setpoint) == 0.5)
        #expect(ControlValueMath.fraction(of: "99", in: setpoint) == 1)
        #expect(ControlValueMath.fraction(of: "n/a", in: setpoint) == nil)
    }

    @Test("{value} goes into a payload and into argv entries, each entry staying one")
    func effects() {
        let effects = ControlEffects(
            publish: PublishTemplate(topic: "plant/sp", payload: "{\"sp\": {value}}"),
            run: ProgramAction(argv: ["/usr/bin/set", "--to={value}", "{value}"]))
        #expect(effects.payload(for: "21.5") == "{\"sp\": 21.5}")
        #expect(
            effects.program(for: "a b; rm -rf /")?.argv
                == ["/usr/bin/set", "--to=a b; rm -rf /", "a b; rm -rf /"])
        // A value that itself holds the placeholder is inserted once, not expanded again.
        #expect(effects.payload(for: "{value}") == "{\"sp\": {value}}")
    }
}
