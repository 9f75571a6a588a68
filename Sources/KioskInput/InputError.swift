import Glibc
import KioskCore

/// Why direct input could not start or a device could not be used. One line each, saying what
/// to do where it can.
public enum InputError: Error, Hashable, Sendable, CustomStringConvertible {
    case udevUnavailable
    case contextCreationFailed
    case seatAssignmentFailed(seat: String)
    case deviceNotFound(path: String)
    /// EACCES/EPERM opening a device node.
    case permissionDenied(path: String)
    case openFailed(path: String, errno: Int32)
    /// libinput refused the node (not an event device, or one it cannot handle).
    case notAnInputDevice(path: String)
    case keymapFailed(KeymapSettings)
    /// The compositor's `wl_keyboard.keymap` could not be mapped or compiled.
    case compositorKeymapUnreadable
    case dispatchFailed(errno: Int32)

    public var description: String {
        switch self {
        case .udevUnavailable:
            "udev is not available (udev_new failed); list devices in input.devices instead"
        case .contextCreationFailed: "libinput could not create its context"
        case .seatAssignmentFailed(let seat):
            "libinput could not use seat \"\(seat)\" (is udev running and the seat name right?)"
        case .deviceNotFound(let path): "input device \(path) does not exist"
        case .permissionDenied(let path):
            "permission denied opening \(path): add the service user to the 'input' group or run it in a logind session"
        case .openFailed(let path, let code):
            "cannot open input device \(path): \(Self.message(code))"
        case .notAnInputDevice(let path): "\(path) is not an input device libinput can use"
        case .keymapFailed(let k):
            "keyboard layout rules=\"\(k.rules)\" model=\"\(k.model)\" layout=\"\(k.layout)\" variant=\"\(k.variant)\" options=\"\(k.options)\" does not compile; using plain navigation keys"
        case .compositorKeymapUnreadable:
            "the compositor sent a keyboard layout that does not compile; its keys are ignored"
        case .dispatchFailed(let code): "reading input events failed: \(Self.message(code))"
        }
    }

    static func message(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}

/// Severity of a message from the input source (libinput's own messages included).
public enum InputLogLevel: Int, Comparable, Hashable, Sendable {
    case debug, info, warning, error
    public static func < (a: InputLogLevel, b: InputLogLevel) -> Bool { a.rawValue < b.rawValue }
}
