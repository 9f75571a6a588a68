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

// Zero-filled, then each slot set by name: libwayland 1.22 (Debian 13) added axis_relative_direction,
// which a memberwise initialiser would have to name and 1.21 (Debian 12) does not have. It is sent
// only to wl_seat v9 (bound at most 7 here), and every slot that can be sent is set: libwayland
// aborts on a null one.
nonisolated(unsafe) let pointerListener = UnsafeMutablePointer<wl_pointer_listener>.permanent(
    {
        var listener = wl_pointer_listener()
        listener.enter = { data, pointer, serial, _, x, y in
            let seat = callbackOwner(data, as: WaylandSeat.self)
            // A touch panel shows no cursor: a null cursor surface hides it over our surface.
            wl_pointer_set_cursor(pointer, serial, nil, 0, 0)
            seat.finger.enter(at: logical(x, y)).forEach(seat.onTouch)
        }
        listener.leave = { data, _, _, _ in
            let seat = callbackOwner(data, as: WaylandSeat.self)
            seat.finger.leave(time: MonotonicClock.now).forEach(seat.onTouch)
        }
        listener.motion = { data, _, stamp, x, y in
            let seat = callbackOwner(data, as: WaylandSeat.self)
            seat.finger.motion(to: logical(x, y), time: seat.eventTime(stamp)).forEach(seat.onTouch)
        }
        listener.button = { data, _, _, stamp, button, state in
            let seat = callbackOwner(data, as: WaylandSeat.self)
            let pressed = state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue
            seat.finger.button(button, pressed: pressed, time: seat.eventTime(stamp)).forEach(
                seat.onTouch)
        }
        listener.axis = { _, _, _, _, _ in }
        listener.frame = { _, _ in }
        listener.axis_source = { _, _, _ in }
        listener.axis_stop = { _, _, _, _ in }
        listener.axis_discrete = { _, _, _, _ in }
        listener.axis_value120 = { _, _, _, _ in }
        return listener
    }())
