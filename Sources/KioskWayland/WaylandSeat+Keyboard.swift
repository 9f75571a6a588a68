import CWayland
import Glibc
import KioskCore
import KioskPlatform

// Ownership: XkbKeymap owns an xkb_context, xkb_keymap and xkb_state and unrefs them in deinit.
// The keymap fd from the compositor is mapped privately, parsed and closed at once.

/// The keyboard's current keymap and modifier state.
final class XkbKeymap {
    private let context: OpaquePointer
    private let keymap: OpaquePointer
    private let state: OpaquePointer

    /// Parses an XKB v1 text keymap of `size` bytes from `fd`; nil when it is unreadable (the
    /// keyboard then produces no key events rather than wrong ones).
    init?(fd: Int32, size: Int) {
        guard size > 0, let map = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED
        else { return nil }
        defer { munmap(map, size) }
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        // The string is NUL-terminated within `size`.
        guard
            let keymap = xkb_keymap_new_from_string(
                context, map.assumingMemoryBound(to: CChar.self), XKB_KEYMAP_FORMAT_TEXT_V1,
                XKB_KEYMAP_COMPILE_NO_FLAGS)
        else {
            xkb_context_unref(context)
            return nil
        }
        guard let state = xkb_state_new(keymap) else {
            xkb_keymap_unref(keymap)
            xkb_context_unref(context)
            return nil
        }
        self.context = context
        self.keymap = keymap
        self.state = state
    }

    deinit {
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    func updateModifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        _ = xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
    }

    /// The keysym of a Linux evdev key code under the current modifiers.
    func keysym(evdevCode: UInt32) -> UInt32 {
        // XKB key codes are evdev codes + 8 (the X11 offset).
        xkb_state_key_get_one_sym(state, evdevCode + 8)
    }
}

nonisolated(unsafe) let keyboardListener = UnsafeMutablePointer<wl_keyboard_listener>.permanent(
    wl_keyboard_listener(
        keymap: { data, _, format, fd, size in
            let seat = callbackOwner(data, as: WaylandSeat.self)
            defer { close(fd) }
            guard format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue else {
                seat.keymap = nil
                return
            }
            seat.keymap = XkbKeymap(fd: fd, size: Int(size))
        },
        enter: { _, _, _, _, _ in },
        leave: { _, _, _, _ in },
        key: { data, _, _, _, key, state in
            let seat = callbackOwner(data, as: WaylandSeat.self)
            guard let keymap = seat.keymap else { return }
            let keysym = keymap.keysym(evdevCode: key)
            guard keysym != 0 else { return }  // XKB_KEY_NoSymbol
            // Repeats (state 2 in wl_keyboard v10) are not forwarded: navigation acts on presses.
            guard state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue
                || state == WL_KEYBOARD_KEY_STATE_RELEASED.rawValue
            else { return }
            seat.onKey(
                KeyEvent(
                    key: KeyMapping.key(forKeysym: keysym),
                    isPressed: state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue,
                    time: MonotonicClock.now))
        },
        modifiers: { data, _, _, depressed, latched, locked, group in
            callbackOwner(data, as: WaylandSeat.self).keymap?.updateModifiers(
                depressed: depressed, latched: latched, locked: locked, group: group)
        },
        repeat_info: { _, _, _, _ in }))
