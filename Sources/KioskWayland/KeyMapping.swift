import CWayland
import KioskCore

/// Keysyms to the keys navigation understands.
public enum KeyMapping {
    /// The `Key` for an xkbcommon keysym: the navigation keys by name (both Enter keys are
    /// `.enter`), anything else `.other` with the keysym's name ("a", "F1", "XF86Back"), or its
    /// number in hex when xkbcommon knows no name.
    public static func key(forKeysym keysym: UInt32) -> Key {
        Key(keysymName: name(ofKeysym: keysym))
    }

    /// xkbcommon's name of a keysym.
    public static func name(ofKeysym keysym: UInt32) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let length = xkb_keysym_get_name(keysym, &buffer, buffer.count)
        guard length > 0 else { return "0x" + String(keysym, radix: 16) }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
