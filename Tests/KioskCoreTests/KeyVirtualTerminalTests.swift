import KioskCore
import Testing

/// `Key.virtualTerminal`: which keys ask for a console switch (Ctrl+Alt+Fn through the keymap).
@Suite("Key virtual terminal")
struct KeyVirtualTerminalTests {
    @Test("XF86Switch_VT_1…12 name consoles 1…12")
    func switchKeys() {
        #expect(Key(keysymName: "XF86Switch_VT_2").virtualTerminal == 2)
        #expect(Key(keysymName: "XF86Switch_VT_12").virtualTerminal == 12)
    }

    @Test("plain function keys, navigation keys and malformed names switch nothing")
    func otherKeys() {
        for name in [
            "F2", "Left", "XF86Switch_VT_", "XF86Switch_VT_13", "XF86Switch_VT_0", "XF86Switch_VT_x"
        ] {
            #expect(Key(keysymName: name).virtualTerminal == nil, "\(name)")
        }
    }
}
