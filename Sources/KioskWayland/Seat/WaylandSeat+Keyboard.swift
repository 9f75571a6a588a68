import CWayland
import Glibc
import KioskCore
import KioskInput
import KioskPlatform

// The keymap fd from the compositor is mapped privately, compiled by KioskInput's XKBKeyboard
// (the same keyboard wrapper libinput's keyboards use) and closed at once.

nonisolated(unsafe) let keyboardListener = UnsafeMutablePointer<wl_keyboard_listener>.permanent(
    wl_keyboard_listener(
        keymap: { data, _, format, fd, size in
            let seat = callbackOwner(data, as: WaylandSeat.self)
            defer { close(fd) }
            guard format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue else {
                seat.keymap = nil
                return
            }
            // The size is the compositor's word: an absurd one fails to map, it never traps.
            seat.keymap = try? XKBKeyboard(keymapFile: fd, size: Int(clamping: size))
        },
        enter: { _, _, _, _, _ in },
        leave: { _, _, _, _ in },
        key: { data, _, _, stamp, key, state in
            let seat = callbackOwner(data, as: WaylandSeat.self)
            // Repeats (state 2 in wl_keyboard v10) are not forwarded: navigation acts on presses.
            guard let keymap = seat.keymap,
                state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue
                    || state == WL_KEYBOARD_KEY_STATE_RELEASED.rawValue
            else { return }
            let pressed = state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue
            // An out-of-range code gives no name (XKBKeyboard guards it), not a trap.
            guard let name = keymap.keysymName(forKeyCode: key, isPressed: pressed) else { return }
            seat.onKey(
                KeyEvent(
                    key: Key(keysymName: name), isPressed: pressed, time: seat.eventTime(stamp)))
        },
        modifiers: { data, _, _, depressed, latched, locked, group in
            callbackOwner(data, as: WaylandSeat.self).keymap?.updateModifiers(
                depressed: depressed, latched: latched, locked: locked, group: group)
        },
        repeat_info: { _, _, _, _ in }))
