import CWayland
import KioskCore
import KioskInput
import KioskPlatform

// wl_touch coordinates are surface-local logical pixels already (the compositor divides by the
// buffer scale), which is what TouchEvent carries. Times come from MonotonicClock, not the
// event's millisecond stamp, whose base the protocol leaves undefined.

func logical(_ x: wl_fixed_t, _ y: wl_fixed_t) -> Point {
    Point(x: Double(x) / 256, y: Double(y) / 256)
}

nonisolated(unsafe) let touchListener = UnsafeMutablePointer<wl_touch_listener>.permanent(
    wl_touch_listener(
        down: { data, _, _, _, _, id, x, y in
            callbackOwner(data, as: WaylandSeat.self).onTouch(
                .down(id: id, position: logical(x, y), time: MonotonicClock.now))
        },
        up: { data, _, _, _, id in
            callbackOwner(data, as: WaylandSeat.self).onTouch(.up(id: id, time: MonotonicClock.now))
        },
        motion: { data, _, _, id, x, y in
            callbackOwner(data, as: WaylandSeat.self).onTouch(
                .motion(id: id, position: logical(x, y), time: MonotonicClock.now))
        },
        frame: { data, _ in
            callbackOwner(data, as: WaylandSeat.self).onTouch(.frame(time: MonotonicClock.now))
        },
        cancel: { data, _ in
            callbackOwner(data, as: WaylandSeat.self).onTouch(.cancel(time: MonotonicClock.now))
        },
        shape: { _, _, _, _, _ in },
        orientation: { _, _, _, _ in }))

nonisolated(unsafe) let pointerListener = UnsafeMutablePointer<wl_pointer_listener>.permanent(
    wl_pointer_listener(
        enter: { data, pointer, serial, _, x, y in
            let seat = callbackOwner(data, as: WaylandSeat.self)
            // A touch panel shows no cursor: a null cursor surface hides it over our surface.
            wl_pointer_set_cursor(pointer, serial, nil, 0, 0)
            seat.finger.enter(at: logical(x, y)).forEach(seat.onTouch)
        },
        leave: { data, _, _, _ in
            let seat = callbackOwner(data, as: WaylandSeat.self)
            seat.finger.leave(time: MonotonicClock.now).forEach(seat.onTouch)
        },
        motion: { data, _, _, x, y in
            let seat = callbackOwner(data, as: WaylandSeat.self)
            seat.finger.motion(to: logical(x, y), time: MonotonicClock.now).forEach(seat.onTouch)
        },
        button: { data, _, _, _, button, state in
            let seat = callbackOwner(data, as: WaylandSeat.self)
            let pressed = state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue
            seat.finger.button(button, pressed: pressed, time: MonotonicClock.now).forEach(seat.onTouch)
        },
        axis: { _, _, _, _, _ in },
        frame: { _, _ in },
        axis_source: { _, _, _ in },
        axis_stop: { _, _, _, _ in },
        axis_discrete: { _, _, _, _ in },
        axis_value120: { _, _, _, _ in }))
