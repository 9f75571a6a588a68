import CLibinput
import KioskCore

// Ownership: `event` is borrowed from the caller, which destroys it; the device, touch, pointer
// and keyboard views obtained from it are not retained past this call.
extension LibinputContext {
    /// The `RawInputEvent` for one libinput event, or nil for kinds kiosk-shell ignores
    /// (gestures, tablets, switches, scroll axes).
    func rawEvent(_ event: OpaquePointer) -> RawInputEvent? {
        let type = libinput_event_get_type(event)
        guard let device = libinput_event_get_device(event) else { return nil }
        switch type {
        case LIBINPUT_EVENT_DEVICE_ADDED:
            let id = InputDeviceID(nextDeviceID)
            nextDeviceID += 1
            deviceIDs[device] = id
            return .deviceAdded(info(of: device, id: id))
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            if let path = pathsByDevice.removeValue(forKey: device) { vanishedPaths.append(path) }
            guard let id = deviceIDs.removeValue(forKey: device) else { return nil }
            return .deviceRemoved(id)
        default:
            break
        }
        let id = deviceIDs[device] ?? InputDeviceID(0)
        switch type {
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION:
            guard let touch = libinput_event_get_touch_event(event) else { return nil }
            let slot = libinput_event_touch_get_slot(touch)
            let x = libinput_event_touch_get_x_transformed(touch, 1)
            let y = libinput_event_touch_get_y_transformed(touch, 1)
            let t = seconds(libinput_event_touch_get_time_usec(touch))
            return type == LIBINPUT_EVENT_TOUCH_DOWN
                ? .touchDown(device: id, slot: slot, x: x, y: y, time: t)
                : .touchMotion(device: id, slot: slot, x: x, y: y, time: t)
        case LIBINPUT_EVENT_TOUCH_UP, LIBINPUT_EVENT_TOUCH_CANCEL:
            guard let touch = libinput_event_get_touch_event(event) else { return nil }
            let slot = libinput_event_touch_get_slot(touch)
            let t = seconds(libinput_event_touch_get_time_usec(touch))
            return type == LIBINPUT_EVENT_TOUCH_UP
                ? .touchUp(device: id, slot: slot, time: t)
                : .touchCancel(device: id, slot: slot, time: t)
        case LIBINPUT_EVENT_TOUCH_FRAME:
            guard let touch = libinput_event_get_touch_event(event) else { return nil }
            return .touchFrame(device: id, time: seconds(libinput_event_touch_get_time_usec(touch)))
        case LIBINPUT_EVENT_POINTER_MOTION:
            guard let pointer = libinput_event_get_pointer_event(event) else { return nil }
            return .pointerMotion(
                device: id, dx: libinput_event_pointer_get_dx(pointer),
                dy: libinput_event_pointer_get_dy(pointer),
                time: seconds(libinput_event_pointer_get_time_usec(pointer)))
        case LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE:
            guard let pointer = libinput_event_get_pointer_event(event) else { return nil }
            return .pointerMotionAbsolute(
                device: id, x: libinput_event_pointer_get_absolute_x_transformed(pointer, 1),
                y: libinput_event_pointer_get_absolute_y_transformed(pointer, 1),
                time: seconds(libinput_event_pointer_get_time_usec(pointer)))
        case LIBINPUT_EVENT_POINTER_BUTTON:
            guard let pointer = libinput_event_get_pointer_event(event) else { return nil }
            return .pointerButton(
                device: id, button: libinput_event_pointer_get_button(pointer),
                isPressed: libinput_event_pointer_get_button_state(pointer)
                    == LIBINPUT_BUTTON_STATE_PRESSED,
                time: seconds(libinput_event_pointer_get_time_usec(pointer)))
        case LIBINPUT_EVENT_KEYBOARD_KEY:
            guard let keyboard = libinput_event_get_keyboard_event(event) else { return nil }
            return .key(
                device: id, code: libinput_event_keyboard_get_key(keyboard),
                isPressed: libinput_event_keyboard_get_key_state(keyboard)
                    == LIBINPUT_KEY_STATE_PRESSED,
                time: seconds(libinput_event_keyboard_get_time_usec(keyboard)))
        default:
            return nil
        }
    }

    private func info(of device: OpaquePointer, id: InputDeviceID) -> InputDeviceInfo {
        var caps: InputCapabilities = []
        if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TOUCH) != 0 {
            caps.insert(.touch)
        }
        if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_POINTER) != 0 {
            caps.insert(.pointer)
        }
        if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_KEYBOARD) != 0 {
            caps.insert(.keyboard)
        }
        let name = libinput_device_get_name(device).map { String(cString: $0) } ?? ""
        var node = ""
        if let udevDevice = libinput_device_get_udev_device(device) {
            if let devnode = udev_device_get_devnode(udevDevice) { node = String(cString: devnode) }
            udev_device_unref(udevDevice)
        }
        return InputDeviceInfo(id: id, name: name, node: node, capabilities: caps)
    }

    private func seconds(_ microseconds: UInt64) -> Double { Double(microseconds) / 1_000_000 }
}
