import KioskCore

/// Keysyms to the keys navigation understands.
public enum KeyMapping {
    /// The `Key` for an xkbcommon keysym: the navigation keys by name (both Enter keys are
    /// `.enter`), anything else `.other` with the keysym's name ("a", "F1", "XF86Back"), or its
    /// number in hex when xkbcommon knows no name.
    public static func key(forKeysym keysym: UInt32) -> Key {
        Key(keysymName: XKBKeyboard.name(ofKeysym: keysym))
    }

    /// xkbcommon's name of a keysym.
    public static func name(ofKeysym keysym: UInt32) -> String {
        XKBKeyboard.name(ofKeysym: keysym)
    }
}
