import KioskCore
import Testing

/// The on-screen pad and keyboards: the letter order of each language, and what keys do.
@Suite("Keyboard layouts")
struct KeyboardLayoutTests {
    func letters(_ layout: KeyboardLayout, row: Int) -> String {
        layout.rows[row].compactMap {
            if case .character(let c) = $0 { return c }
            return nil
        }.joined()
    }

    @Test("English is QWERTY, German QWERTZ with umlauts, French AZERTY")
    func letterOrder() {
        #expect(letters(.en, row: 1) == "qwertyuiop")
        #expect(letters(.en, row: 3) == "zxcvbnm")
        #expect(letters(.de, row: 1) == "qwertzuiopü")
        #expect(letters(.de, row: 2) == "asdfghjklöä")
        #expect(letters(.de, row: 3) == "yxcvbnm")
        #expect(letters(.fr, row: 1) == "azertyuiop")
        #expect(letters(.fr, row: 2) == "qsdfghjklm")
        #expect(letters(.fr, row: 3) == "wxcvbn")
        for layout in KeyboardLayout.letterLayouts {
            #expect(letters(layout, row: 0) == "1234567890")
            #expect(layout.rows.last == [.cancel, .space, .submit])
            #expect(layout.rows[3].last == .backspace)
        }
    }

    @Test("the numeric pad has the ten digits, a minus and a point, and cancel, delete, OK")
    func numericPad() {
        let keys = KeyboardLayout.numeric.rows.joined()
        let digits = keys.compactMap { key -> String? in
            if case .character(let c) = key { return c }
            return nil
        }
        #expect(Set(digits) == Set("0123456789-.".map(String.init)))
        #expect(KeyboardLayout.numeric.rows.last == [.cancel, .backspace, .submit])
        #expect(KeyboardLayout.numeric.rows.allSatisfy { $0.count == 3 })
    }

    @Test("keys type, delete and leave the text for submit and cancel")
    func keysEdit() {
        var text = ""
        for key: EntryKey in [.character("2"), .character("3"), .character("."), .character("5")] {
            text = key.apply(to: text)
        }
        #expect(text == "23.5")
        #expect(EntryKey.backspace.apply(to: text) == "23.")
        #expect(EntryKey.backspace.apply(to: "") == "")
        #expect(EntryKey.space.apply(to: "a") == "a ")
        #expect(EntryKey.submit.apply(to: text) == text)
        #expect(EntryKey.cancel.apply(to: text) == text)
    }

    @Test("a language code picks its layout; anything else is English")
    func fromLanguage() {
        #expect(KeyboardLayout.forLanguage("de") == .de)
        #expect(KeyboardLayout.forLanguage("fr-CH") == .fr)
        #expect(KeyboardLayout.forLanguage("de_AT") == .de)
        #expect(KeyboardLayout.forLanguage("ja") == .en)
        #expect(KeyboardLayout.forLanguage("numeric") == .en)
        #expect(KeyboardLayout.forLanguage(nil) == .en)
    }

    @Test("number and PIN fields open the pad; a text field its keyboard")
    func openedLayout() {
        #expect(
            FieldSpec(entry: .number, rules: FieldRules(), layout: .de).openedLayout == .numeric)
        #expect(FieldSpec(entry: .pin, rules: FieldRules(), layout: .fr).openedLayout == .numeric)
        #expect(FieldSpec(entry: .text, rules: FieldRules(), layout: .fr).openedLayout == .fr)
    }

    @Test("a PIN pad has digits, cancel, backspace and OK, no sign or decimal point")
    func pinKeys() {
        let keys = FieldSpec(entry: .pin, rules: FieldRules(), layout: .numeric).keys.joined()
        let digits = keys.compactMap { if case .character(let c) = $0 { c } else { nil } }
        #expect(digits.sorted() == (0...9).map(String.init))
        #expect(keys.contains(.cancel) && keys.contains(.backspace) && keys.contains(.submit))
        let number = FieldSpec(entry: .number, rules: FieldRules(), layout: .numeric).keys
        #expect(number.joined().contains(.character("-")))
        #expect(number.joined().contains(.character(".")))
    }

    @Test("a physical key's keysym name types its character; navigation keys type nothing")
    func keysyms() {
        #expect(EntryKey(typedByKeysym: "a") == .character("a"))
        #expect(EntryKey(typedByKeysym: "B") == .character("B"))
        #expect(EntryKey(typedByKeysym: "7") == .character("7"))
        #expect(EntryKey(typedByKeysym: "KP_7") == .character("7"))
        #expect(EntryKey(typedByKeysym: "period") == .character("."))
        #expect(EntryKey(typedByKeysym: "KP_Decimal") == .character("."))
        #expect(EntryKey(typedByKeysym: "minus") == .character("-"))
        #expect(EntryKey(typedByKeysym: "udiaeresis") == .character("ü"))
        #expect(EntryKey(typedByKeysym: "F1") == nil)
        #expect(EntryKey(typedByKeysym: "Shift_L") == nil)
        #expect(EntryKey(typedByKeysym: "XF86Back") == nil)
    }
}
