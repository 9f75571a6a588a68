/// Turns Linux key codes into keysym names, keeping whatever state the keymap needs (modifiers).
/// `XKBKeyboard` is the real one; `EvdevKeyNames` the fallback when no keymap compiles.
public protocol KeySymbolTranslating: AnyObject {
    /// The keysym name for `code` (a Linux KEY_* code) at this press or release, updating the
    /// modifier state; nil when the key produces no symbol.
    func keysymName(forKeyCode code: UInt32, isPressed: Bool) -> String?
    /// Forgets held keys and modifiers (a keyboard went away mid-press).
    func reset()
}

/// Keysym names for the navigation keys straight from their Linux codes, without a keymap:
/// keeps a kiosk navigable when xkbcommon cannot compile the configured layout. Other keys come
/// out as "evdev-<code>".
public final class EvdevKeyNames: KeySymbolTranslating {
    // linux/input-event-codes.h
    static let names: [UInt32: String] = [
        1: "Escape", 14: "BackSpace", 15: "Tab", 28: "Return", 57: "space", 96: "KP_Enter",
        102: "Home", 103: "Up", 105: "Left", 106: "Right", 108: "Down"
    ]

    public init() {}

    public func keysymName(forKeyCode code: UInt32, isPressed: Bool) -> String? {
        Self.names[code] ?? "evdev-\(code)"
    }

    public func reset() {}
}
