import Glibc
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

    @Test(
        "a compositor keymap compiles from its fd; modifiers come from the compositor; out-of-range codes give nothing"
    )
    func compositorKeymap() throws {
        let text = try #require(XKBKeyboard.keymapText(settings: KeymapSettings(layout: "us")))
        var template = Array("/tmp/kiosk-keymap-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        try #require(fd >= 0)
        defer {
            close(fd)
            unlink(template)
        }
        let bytes = Array(text.utf8) + [0]
        #expect(bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == bytes.count)
        let k = try XKBKeyboard(keymapFile: fd, size: bytes.count)
        #expect(k.modifiersFromServer)
        #expect(k.keysymName(forKeyCode: 105, isPressed: true) == "Left")
        // Shift's own press does not shift: the compositor says when it is held.
        _ = k.keysymName(forKeyCode: 42, isPressed: true)
        #expect(k.keysymName(forKeyCode: 30, isPressed: true) == "a")
        k.updateModifiers(depressed: 1, latched: 0, locked: 0, group: 0)
        #expect(k.keysymName(forKeyCode: 30, isPressed: true) == "A")
        #expect(k.keysymName(forKeyCode: UInt32.max, isPressed: true) == nil)
        #expect(k.keysymName(forKeyCode: UInt32.max - 7, isPressed: true) == nil)
        #expect(throws: InputError.compositorKeymapUnreadable) {
            try XKBKeyboard(keymapFile: fd, size: 0)
        }
    }
}
