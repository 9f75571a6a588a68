import CWayland
import KioskCore
import KioskInput
import KioskPlatform

// Ownership: WaylandDisplay owns its seats. A seat owns its wl_seat and the wl_pointer,
// wl_keyboard and wl_touch it created for the current capabilities (and the xkbcommon objects of
// the keyboard); each is released when its capability goes away and in deinit, devices before
// the seat.

private nonisolated(unsafe) let seatListener = UnsafeMutablePointer<wl_seat_listener>.permanent(
    wl_seat_listener(
        capabilities: { data, _, caps in
            callbackOwner(data, as: WaylandSeat.self).updateCapabilities(caps)
        },
        name: { _, _, _ in }))

/// One wl_seat: creates and drops its input devices as the compositor's capabilities come and go
/// (sway adds and removes a keyboard for every `wtype` run) and turns their events into
/// `TouchEvent`/`KeyEvent`.
final class WaylandSeat {
    let globalName: UInt32
    let proxy: OpaquePointer
    let version: UInt32
    var pointer: OpaquePointer?
    var keyboard: OpaquePointer?
    var touch: OpaquePointer?
    var finger = PointerFinger()
    /// The compositor's keymap (nil until it sends one, or when it does not compile).
    var keymap: XKBKeyboard?
    /// Dates events by the compositor's stamps (see `InputStampClock`).
    var stampClock = InputStampClock()
    /// The time of the last stamped event: a touch frame's time, so that a frame never looks
    /// later than the touches it closes.
    private var lastEventTime: Double?
    /// Receivers (the display routes them to its window).
    let onTouch: (TouchEvent) -> Void
    let onKey: (KeyEvent) -> Void

    init(
        registry: OpaquePointer, name: UInt32, version: UInt32,
        onTouch: @escaping (TouchEvent) -> Void, onKey: @escaping (KeyEvent) -> Void
    ) {
        globalName = name
        self.version = min(version, 7)
        self.onTouch = onTouch
        self.onKey = onKey
        guard let raw = wl_registry_bind(registry, name, kiosk_wl_seat_interface(), self.version)
        else {
            preconditionFailure("wl_registry_bind returned no proxy")
        }
        proxy = OpaquePointer(raw)
        wl_seat_add_listener(proxy, seatListener, callbackData(self))
    }

    /// The time of an event the compositor stamped `stamp` (ms), read now.
    func eventTime(_ stamp: UInt32) -> Double {
        let time = stampClock.time(ofStamp: stamp, readAt: MonotonicClock.now)
        lastEventTime = time
        return time
    }

    /// The time of the last stamped event (now if none came yet).
    var lastStampedTime: Double { lastEventTime ?? MonotonicClock.now }

    deinit {
        // No events from here: the display that routes them is itself being torn down.
        updateCapabilities(0, notify: false)
        if version >= 5 { wl_seat_release(proxy) } else { wl_seat_destroy(proxy) }
    }

    /// Creates the devices the seat now has and releases the ones it lost; contacts of a lost
    /// device are cancelled (when `notify`).
    func updateCapabilities(_ caps: UInt32, notify: Bool = true) {
        let hasPointer = caps & WL_SEAT_CAPABILITY_POINTER.rawValue != 0
        let hasKeyboard = caps & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0
        let hasTouch = caps & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0

        if hasPointer, pointer == nil {
            pointer = wl_seat_get_pointer(proxy)
            wl_pointer_add_listener(pointer, pointerListener, callbackData(self))
        } else if !hasPointer, let old = pointer {
            // A press in progress must not stay down forever.
            let events = finger.leave(time: MonotonicClock.now)
            if notify { events.forEach(onTouch) }
            if version >= 3 { wl_pointer_release(old) } else { wl_pointer_destroy(old) }
            pointer = nil
        }
        if hasKeyboard, keyboard == nil {
            keyboard = wl_seat_get_keyboard(proxy)
            wl_keyboard_add_listener(keyboard, keyboardListener, callbackData(self))
        } else if !hasKeyboard, let old = keyboard {
            if version >= 3 { wl_keyboard_release(old) } else { wl_keyboard_destroy(old) }
            keyboard = nil
            keymap = nil
        }
        if hasTouch, touch == nil {
            touch = wl_seat_get_touch(proxy)
            wl_touch_add_listener(touch, touchListener, callbackData(self))
        } else if !hasTouch, let old = touch {
            // Contacts of a vanished device end without effect.
            if notify { onTouch(.cancel(time: MonotonicClock.now)) }
            if version >= 3 { wl_touch_release(old) } else { wl_touch_destroy(old) }
            touch = nil
        }
    }
}
