/// One libinput event reduced to what kiosk-shell uses: the seam between the C layer
/// (`LibinputEventReader`) and the pure `InputTranslator`. Tests and recordings produce these
/// without libinput. Times are monotonic seconds; touch and absolute pointer coordinates are
/// normalised 0...1 on the device's own axes (libinput's `*_transformed(event, 1)`, which already
/// includes any udev calibration matrix).
public enum RawInputEvent: Hashable, Sendable {
    case deviceAdded(InputDeviceInfo)
    case deviceRemoved(InputDeviceID)
    /// `slot` is the device's slot, -1 for single-touch devices.
    case touchDown(device: InputDeviceID, slot: Int32, x: Double, y: Double, time: Double)
    case touchMotion(device: InputDeviceID, slot: Int32, x: Double, y: Double, time: Double)
    case touchUp(device: InputDeviceID, slot: Int32, time: Double)
    case touchCancel(device: InputDeviceID, slot: Int32, time: Double)
    case touchFrame(device: InputDeviceID, time: Double)
    /// Relative motion (accelerated) in libinput's pixel-like units.
    case pointerMotion(device: InputDeviceID, dx: Double, dy: Double, time: Double)
    case pointerMotionAbsolute(device: InputDeviceID, x: Double, y: Double, time: Double)
    /// `button` is the Linux input code (BTN_LEFT = 0x110).
    case pointerButton(device: InputDeviceID, button: UInt32, isPressed: Bool, time: Double)
    /// `code` is the Linux input key code (KEY_LEFT = 105); xkbcommon adds 8.
    case key(device: InputDeviceID, code: UInt32, isPressed: Bool, time: Double)

    /// The event's time; nil for device changes, which libinput does not time.
    public var time: Double? {
        switch self {
        case .deviceAdded, .deviceRemoved: nil
        case .touchDown(_, _, _, _, let t), .touchMotion(_, _, _, _, let t), .touchUp(_, _, let t),
            .touchCancel(_, _, let t), .touchFrame(_, let t), .pointerMotion(_, _, _, let t),
            .pointerMotionAbsolute(_, _, _, let t), .pointerButton(_, _, _, let t),
            .key(_, _, _, let t):
            t
        }
    }
}
