/// One touch-contact event, in output-independent logical pixels of the panel, with a monotonic
/// timestamp in seconds. Backends (wl_touch, wl_pointer as one finger, libinput) all produce these.
public enum TouchEvent: Hashable, Sendable {
    case down(id: Int32, position: Point, time: Double)
    case motion(id: Int32, position: Point, time: Double)
    case up(id: Int32, time: Double)
    /// The compositor took the touch sequence away: every active contact ends without effect.
    case cancel(time: Double)
    /// Ends a group of simultaneous changes (wl_touch.frame).
    case frame(time: Double)

    public var time: Double {
        switch self {
        case .down(_, _, let t), .motion(_, _, let t), .up(_, let t), .cancel(let t), .frame(let t):
            t
        }
    }
}

/// Keys the navigation understands; everything else arrives as `.other` with its keysym name.
public enum Key: Hashable, Sendable {
    case left, right, up, down, enter, escape, backspace, home, tab, space
    case other(String)
}

/// A key press or release, already translated through the keymap.
public struct KeyEvent: Hashable, Sendable {
    public var key: Key
    public var isPressed: Bool
    public var time: Double
    public init(key: Key, isPressed: Bool, time: Double) {
        self.key = key
        self.isPressed = isPressed
        self.time = time
    }
}
