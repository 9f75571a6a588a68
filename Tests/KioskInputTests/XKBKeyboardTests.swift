import KioskCore
import KioskInput
import Testing

@Suite("xkbcommon keyboard")
struct XKBKeyboardTests {
    @Test("the us layout names arrows, Enter and letters, with Shift applied")
    func usLayout() throws {
        let k = try XKBKeyboard(settings: KeymapSettings(layout: "us"))
        #expect(k.keysymName(forKeyCode: 105, isPressed: true) == "Left")
        #expect(k.keysymName(forKeyCode: 105, isPressed: false) == "Left")
        #expect(k.keysymName(forKeyCode: 28, isPressed: true) == "Return")
        #expect(k.keysymName(forKeyCode: 30, isPressed: true) == "a")
        #expect(k.keysymName(forKeyCode: 42, isPressed: true) == "Shift_L")
        #expect(k.keysymName(forKeyCode: 30, isPressed: true) == "A")
        k.reset()
        #expect(k.keysymName(forKeyCode: 30, isPressed: true) == "a")
    }

    @Test("a German layout puts z where the us layout has y")
    func germanLayout() throws {
        let k = try XKBKeyboard(settings: KeymapSettings(layout: "de"))
        #expect(k.keysymName(forKeyCode: 21, isPressed: true) == "z")
    }

    @Test("an unknown layout is a typed error; out-of-range codes give no symbol")
    func failures() throws {
        let bad = KeymapSettings(layout: "no-such-layout-xyz")
        #expect(throws: InputError.keymapFailed(bad)) { try XKBKeyboard(settings: bad) }
        let k = try XKBKeyboard(settings: KeymapSettings(layout: "us"))
        #expect(k.keysymName(forKeyCode: UInt32.max, isPressed: true) == nil)
        #expect(k.keysymName(forKeyCode: 0x2ff, isPressed: true) == nil)
    }
}
