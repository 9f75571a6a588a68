import CLibinput
import Glibc
import KioskCore

// Ownership: owns an xkb_context, the xkb_keymap compiled in it and an xkb_state of that keymap,
// one reference each, dropped in deinit (state, keymap, context). The three live and die
// together, so one wrapper holds them. The context's user data is the unretained address of
// `callbacks`, which this object keeps alive for as long as the context. A keymap handed over
// by a compositor as an fd is mapped privately, compiled and unmapped before `init` returns
// (the caller closes the fd).

/// A keymap compiled by xkbcommon with its modifier state: the one keyboard wrapper of both input
/// sources. libinput's keyboards compile one from rule names and track modifiers themselves; the
/// compositor's seat hands over a compiled keymap and sends the modifier state.
public final class XKBKeyboard: KeySymbolTranslating {
    private let context: OpaquePointer
    private let keymap: OpaquePointer
    private var state: OpaquePointer
    private let callbacks: InputCallbacks
    /// True when the modifier state comes from `updateModifiers` (a compositor's
    /// `wl_keyboard.modifiers`), false when key presses update it.
    public let modifiersFromServer: Bool

    /// Compiles the keymap for `settings` (empty fields: xkbcommon's defaults and `XKB_DEFAULT_*`).
    /// xkbcommon's own messages (which file it could not find) go to `log` at debug level.
    public convenience init(
        settings: KeymapSettings, log: @escaping (InputLogLevel, String) -> Void = { _, _ in }
    ) throws(InputError) {
        // The rule names are only read during compilation; empty strings become NULL (defaults).
        let fields = [
            settings.rules, settings.model, settings.layout, settings.variant, settings.options
        ]
        let copies: [UnsafeMutablePointer<CChar>?] = fields.map { $0.isEmpty ? nil : strdup($0) }
        defer { copies.forEach { free($0) } }
        var names = xkb_rule_names(
            rules: copies[0], model: copies[1], layout: copies[2], variant: copies[3],
            options: copies[4])
        try self.init(modifiersFromServer: false, log: log, error: .keymapFailed(settings)) {
            context in
            xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
        }
    }

    /// Compiles a compositor's XKB v1 text keymap of `size` bytes read from `fd`
    /// (`wl_keyboard.keymap`); the modifier state then comes from `updateModifiers`.
    public convenience init(keymapFile fd: Int32, size: Int) throws(InputError) {
        guard size > 0, let map = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED
        else { throw .compositorKeymapUnreadable }
        defer { munmap(map, size) }
        // The protocol promises a NUL-terminated string within `size`; a compositor that breaks
        // the promise must not make xkbcommon read past the mapping, so use the length form.
        let length = strnlen(map.assumingMemoryBound(to: CChar.self), size)
        try self.init(
            modifiersFromServer: true, log: { _, _ in }, error: .compositorKeymapUnreadable
        ) { context in
            xkb_keymap_new_from_buffer(
                context, map.assumingMemoryBound(to: CChar.self), length, XKB_KEYMAP_FORMAT_TEXT_V1,
                XKB_KEYMAP_COMPILE_NO_FLAGS)
        }
    }

    private init(
        modifiersFromServer: Bool, log: @escaping (InputLogLevel, String) -> Void,
        error: InputError,
        compile: (OpaquePointer) -> OpaquePointer?
    ) throws(InputError) {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { throw error }
        let callbacks = InputCallbacks(log: log)
        xkb_context_set_user_data(context, Unmanaged.passUnretained(callbacks).toOpaque())
        kiosk_xkb_set_log_function(context) { context, _, message in
            guard let context, let message,
                let callbacks = InputCallbacks.from(xkb_context_get_user_data(context))
            else { return }
            callbacks.log(.debug, "xkbcommon: " + String(cString: message))
        }
        guard let keymap = compile(context) else {
            xkb_context_unref(context)
            throw error
        }
        guard let state = xkb_state_new(keymap) else {
            xkb_keymap_unref(keymap)
            xkb_context_unref(context)
            throw error
        }
        self.context = context
        self.callbacks = callbacks
        self.keymap = keymap
        self.state = state
        self.modifiersFromServer = modifiersFromServer
    }

    deinit {
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    /// The highest Linux key code that has an xkb key code (xkb's are evdev + 8, 32 bits).
    public static let highestKeyCode = UInt32.max - 8

    public func keysymName(forKeyCode code: UInt32, isPressed: Bool) -> String? {
        // A code from a compositor or a device is never trusted: beyond the range it would trap.
        guard code <= Self.highestKeyCode else { return nil }
        // xkb keycodes are evdev codes + 8 (the X11 offset).
        let keycode = code + 8
        // The symbol comes from the state before this key changes it (xkbcommon's rule), so
        // Shift's own press reads as Shift_L and a letter after it as a capital.
        let keysym = xkb_state_key_get_one_sym(state, keycode)
        if !modifiersFromServer {
            xkb_state_update_key(state, keycode, isPressed ? XKB_KEY_DOWN : XKB_KEY_UP)
        }
        guard keysym != 0 else { return nil }  // XKB_KEY_NoSymbol
        return Self.name(ofKeysym: keysym)
    }

    /// The compositor's modifier state (`wl_keyboard.modifiers`).
    public func updateModifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        _ = xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
    }

    public func reset() {
        guard let fresh = xkb_state_new(keymap) else { return }
        xkb_state_unref(state)
        state = fresh
    }

    /// xkbcommon's name of a keysym ("Left", "a", "XF86Back"), or its number in hex when it has
    /// none.
    public static func name(ofKeysym keysym: UInt32) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let length = xkb_keysym_get_name(keysym, &buffer, buffer.count)
        guard length > 0 else { return "0x" + String(keysym, radix: 16) }
        return String(
            decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension XKBKeyboard {
    /// The XKB v1 text of the keymap `settings` compile to (what a compositor sends in
    /// `wl_keyboard.keymap`); nil when they do not compile.
    public static func keymapText(settings: KeymapSettings) -> String? {
        guard let keyboard = try? XKBKeyboard(settings: settings),
            let text = xkb_keymap_get_as_string(keyboard.keymap, XKB_KEYMAP_FORMAT_TEXT_V1)
        else { return nil }
        defer { free(text) }
        return String(cString: text)
    }
}
