import CLibinput
import Glibc
import KioskCore

// Ownership: owns an xkb_context, the xkb_keymap compiled in it and an xkb_state of that keymap,
// one reference each, dropped in deinit (state, keymap, context). The three live and die
// together, so one wrapper holds them. The context's user data is the unretained address of
// `callbacks`, which this object keeps alive for as long as the context.
/// A keymap compiled by xkbcommon from rule names, with its modifier state.
public final class XKBKeyboard: KeySymbolTranslating {
    private let context: OpaquePointer
    private let keymap: OpaquePointer
    private var state: OpaquePointer
    private let callbacks: InputCallbacks

    /// Compiles the keymap for `settings` (empty fields: xkbcommon's defaults and `XKB_DEFAULT_*`).
    /// xkbcommon's own messages (which file it could not find) go to `log` at debug level.
    public init(
        settings: KeymapSettings, log: @escaping (InputLogLevel, String) -> Void = { _, _ in }
    ) throws(InputError) {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { throw .keymapFailed(settings) }
        let callbacks = InputCallbacks(log: log)
        xkb_context_set_user_data(context, Unmanaged.passUnretained(callbacks).toOpaque())
        kiosk_xkb_set_log_function(context) { context, _, message in
            guard let context, let message, let callbacks = InputCallbacks.from(xkb_context_get_user_data(context))
            else { return }
            callbacks.log(.debug, "xkbcommon: " + String(cString: message))
        }
        // The rule names are only read during compilation; empty strings become NULL (defaults).
        let fields = [settings.rules, settings.model, settings.layout, settings.variant, settings.options]
        let copies: [UnsafeMutablePointer<CChar>?] = fields.map { $0.isEmpty ? nil : strdup($0) }
        defer { copies.forEach { free($0) } }
        var names = xkb_rule_names(
            rules: copies[0], model: copies[1], layout: copies[2], variant: copies[3], options: copies[4])
        guard let keymap = xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS) else {
            xkb_context_unref(context)
            throw .keymapFailed(settings)
        }
        guard let state = xkb_state_new(keymap) else {
            xkb_keymap_unref(keymap)
            xkb_context_unref(context)
            throw .keymapFailed(settings)
        }
        self.context = context
        self.callbacks = callbacks
        self.keymap = keymap
        self.state = state
    }

    deinit {
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    public func keysymName(forKeyCode code: UInt32, isPressed: Bool) -> String? {
        // xkb keycodes are evdev codes + 8 (the X11 offset).
        guard code <= UInt32.max - 8 else { return nil }
        let keycode = code + 8
        // The symbol comes from the state before this key changes it (xkbcommon's rule), so
        // Shift's own press reads as Shift_L and a letter after it as a capital.
        let keysym = xkb_state_key_get_one_sym(state, keycode)
        xkb_state_update_key(state, keycode, isPressed ? XKB_KEY_DOWN : XKB_KEY_UP)
        guard keysym != 0 else { return nil }  // XKB_KEY_NoSymbol
        var buffer = [CChar](repeating: 0, count: 64)
        let length = xkb_keysym_get_name(keysym, &buffer, buffer.count)
        guard length > 0 else { return "0x" + String(keysym, radix: 16) }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public func reset() {
        guard let fresh = xkb_state_new(keymap) else { return }
        xkb_state_unref(state)
        state = fresh
    }
}
