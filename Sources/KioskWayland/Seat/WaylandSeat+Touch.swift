import CWayland
import KioskCore
import KioskInput
import KioskPlatform

// wl_touch coordinates are surface-local logical pixels already (the compositor divides by the
// buffer scale), which is what TouchEvent carries. Times are the events' millisecond stamps
// turned into MonotonicClock seconds by the seat's `InputStampClock` (the protocol leaves the
// stamps' base undefined). A frame closes the stamped events before it and takes their time;
// cancel and leave happen when they are read.

func logical(_ x: wl_fixed_t, _ y: wl_fixed_t) -> Point {
    Point(x: Double(x) / 256, y: Double(y) / 256)
}

nonisolated(unsafe) let touchListener = UnsafeMutablePointer<wl_touch_listener>.permanent(
    wl_touch_listener(
        down: { data, _, _, stamp, _, id, x, y in
            let seat = callbackOwner(data, as: WaylandSeat.self)
            seat.onTouch(.down(id: id, position: logical(x, y), time: seat.eventTime(stamp)))
        },
        up: { data, _, _, stamp, id in
            let seat = callbackOwner(data, as: WaylandSeat.self)
            seat.onTouch(.up(id: id, time: seat.eventTime(stamp)))
        },
        motion: { data, _, stamp, id, x, y in
            let seat = callbackOwner(data, as: WaylandSeat.self)
            seat.onTouch(.motion(id: id, position: logical(x, y), time: seat.eventTime(stamp)))
        },
        frame: { data, _ in
            let seat = callbackOwner(data, as: WaylandSeat.self)
            seat.onTouch(.frame(time: seat.lastStampedTime))
        },
        cancel: { data, _ in
            let seat = callbackOwner(data, as: WaylandSeat.self)
            seat.onTouch(.cancel(time: MonotonicClock.now))
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
        motion: { data, _, stamp, x, y in
            let seat = callbackOwner(data, as: WaylandSeat.self)
            seat.finger.motion(to: logical(x, y), time: seat.eventTime(stamp)).forEach(seat.onTouch)
        },
        button: { data, _, _, stamp, button, state in
            let seat = callbackOwner(data, as: WaylandSeat.self)
            let pressed = state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue
            seat.finger.button(button, pressed: pressed, time: seat.eventTime(stamp)).forEach(seat.onTouch)
        },
        axis: { _, _, _, _, _ in },
        frame: { _, _ in },
        axis_source: { _, _, _ in },
        axis_stop: { _, _, _, _ in },
        axis_discrete: { _, _, _, _ in },
        axis_value120: { _, _, _, _ in }))
