import CLibinput
import KioskCore
import Testing

import KioskInput

@Suite("KeyMapping")
struct KeyMappingTests {
    @Test("navigation keysyms map to their keys, both Enter keys to .enter")
    func navigationKeys() {
        let expected: [(Int32, Key)] = [
            (XKB_KEY_Left, .left), (XKB_KEY_Right, .right), (XKB_KEY_Up, .up),
            (XKB_KEY_Down, .down),
            (XKB_KEY_Return, .enter), (XKB_KEY_KP_Enter, .enter), (XKB_KEY_Escape, .escape),
            (XKB_KEY_BackSpace, .backspace), (XKB_KEY_Home, .home), (XKB_KEY_Tab, .tab),
            (XKB_KEY_space, .space)
        ]
        for (keysym, key) in expected {
            #expect(KeyMapping.key(forKeysym: UInt32(keysym)) == key)
        }
    }

    @Test("other keysyms keep xkbcommon's name")
    func otherKeys() {
        #expect(KeyMapping.key(forKeysym: UInt32(XKB_KEY_a)) == .other("a"))
        #expect(KeyMapping.key(forKeysym: UInt32(XKB_KEY_F1)) == .other("F1"))
        #expect(KeyMapping.key(forKeysym: UInt32(XKB_KEY_XF86Back)) == .other("XF86Back"))
        #expect(KeyMapping.key(forKeysym: UInt32(XKB_KEY_KP_Left)) == .other("KP_Left"))
    }

    @Test("a keysym without a name becomes its hex number, e.g. 0x1234567")
    func unnamedKeysym() {
        // Values above 0x1FFFFFFF are not keysyms; xkbcommon names none of them.
        #expect(KeyMapping.key(forKeysym: 0x2000_0001) == .other("0x20000001"))
    }
}
