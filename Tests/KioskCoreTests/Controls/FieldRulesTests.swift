import KioskCore
import Testing

/// What a field refuses before anything is sent, and the words it says why.
@Suite("Field rules")
struct FieldRulesTests {
    let setpoint = FieldRules(min: 15, max: 30)

    @Test("a number inside min … max passes; outside it is refused with the limit in words")
    func numberRange() {
        #expect(setpoint.problem(with: "23.5", entry: .number) == nil)
        #expect(setpoint.problem(with: "30", entry: .number) == nil)
        #expect(setpoint.problem(with: "15", entry: .number) == nil)
        #expect(
            FieldRules(max: 30).problem(with: "35", entry: .number)
                == "35 is above the maximum 30")
        #expect(setpoint.problem(with: "30.5", entry: .number) == "30.5 is above the maximum 30")
        #expect(setpoint.problem(with: "-2", entry: .number) == "-2 is below the minimum 15")
        #expect(
            FieldRules(min: 0.5).problem(with: "0.25", entry: .number)
                == "0.25 is below the minimum 0.5")
    }

    @Test("what is not a whole decimal number is refused, not read as its first digits")
    func notANumber() {
        for text in ["23.5.1", "-", ".", "1e3", "23,5", "2-3", "23.5°"] {
            #expect(
                setpoint.problem(with: text, entry: .number) == "\(text) is not a number",
                "\(text)")
        }
        #expect(FieldRules.number(".5") == 0.5)
        #expect(FieldRules.number("-.5") == -0.5)
        #expect(FieldRules.number("-23.5") == -23.5)
    }

    @Test("an empty value, a value too long and one not matching the pattern are refused")
    func textRules() {
        let room = FieldRules(pattern: "[A-Z][0-9]{3}", maxLength: 4)
        #expect(room.problem(with: "B204", entry: .text) == nil)
        #expect(room.problem(with: "", entry: .text) == "Nothing entered")
        #expect(
            room.problem(with: "B2045", entry: .text) == "5 characters is more than the 4 allowed")
        #expect(room.problem(with: "b204", entry: .text) == "b204 is not in the form asked for")
        // The pattern must match the whole value, not a part of it.
        #expect(
            FieldRules(pattern: "[0-9]+").problem(with: "12ab", entry: .text)
                == "12ab is not in the form asked for")
    }

    @Test("a PIN is digits only and its digits are never in the reason shown")
    func pin() {
        let rules = FieldRules(pattern: "[0-9]{4}")
        #expect(rules.problem(with: "4711", entry: .pin) == nil)
        #expect(rules.problem(with: "47a1", entry: .pin) == "A PIN is digits only")
        #expect(rules.problem(with: "47110", entry: .pin) == "••••• is not in the form asked for")
        #expect(FieldEntry.pin.shown("4711") == "••••")
        #expect(FieldEntry.number.shown("23.5") == "23.5")
    }

    @Test("an accepted value is the field's new value even when it equals the shown one")
    func enteredValue() {
        let kind = ControlKind.field(
            FieldSpec(entry: .number, rules: setpoint, layout: .en))
        #expect(ControlValueMath.next(kind, current: "21", part: .entered("23.5")) == "23.5")
        #expect(ControlValueMath.next(kind, current: "23.5", part: .entered("23.5")) == "23.5")
        #expect(ControlValueMath.next(kind, current: "21", part: .open) == nil)
    }

    @Test(
        "a value typed on a keypad that the field's rules (as reloaded since) refuse changes nothing"
    )
    func enteredValueRefusedByRules() {
        let narrowed = ControlKind.field(
            FieldSpec(entry: .number, rules: FieldRules(min: 15, max: 20), layout: .en))
        #expect(ControlValueMath.next(narrowed, current: "18", part: .entered("23.5")) == nil)
        #expect(ControlValueMath.next(narrowed, current: "18", part: .entered("19.5")) == "19.5")
    }
}
