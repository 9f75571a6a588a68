import KioskCore

/// Turns a mouse into one finger, for both input sources (the compositor's `wl_pointer` and
/// libinput's pointer devices): the left button pressed is a touch down where the pointer is,
/// motion while pressed is touch motion, release is touch up. Each change is followed by a
/// `.frame`, as wl_touch groups its events. Leaving the surface while pressed cancels. Other
/// buttons are ignored, so a right click cannot start a second gesture.
public struct PointerFinger: Sendable {
    /// Linux input code of the left button (BTN_LEFT).
    public static let leftButton: UInt32 = 0x110
    /// The touch id the pointer uses when no other contact is down.
    public static let touchID: Int32 = 0

    /// The pointer's position in logical pixels.
    public private(set) var position: Point
    /// The touch id of the press in progress; nil while the button is up.
    public private(set) var pressID: Int32?

    public init(position: Point = .zero) {
        self.position = position
    }

    public var isPressed: Bool { pressID != nil }

    /// The pointer entered the surface at `position` (logical pixels).
    public mutating func enter(at position: Point) -> [TouchEvent] {
        self.position = position
        return []
    }

    public mutating func motion(to position: Point, time: Double) -> [TouchEvent] {
        self.position = position
        guard let id = pressID else { return [] }
        return [.motion(id: id, position: position, time: time), .frame(time: time)]
    }

    /// A button changed. A press takes touch id `id` (libinput passes the smallest id no finger
    /// holds, so a mouse and a touch screen used together never share one).
    public mutating func button(_ button: UInt32, pressed: Bool, time: Double, id: Int32 = touchID)
        -> [TouchEvent]
    {
        guard button == Self.leftButton, pressed != isPressed else { return [] }
        if pressed {
            pressID = id
            return [.down(id: id, position: position, time: time), .frame(time: time)]
        }
        let released = pressID ?? id
        pressID = nil
        return [.up(id: released, time: time), .frame(time: time)]
    }

    /// The pointer left the surface (or the pointer device went away).
    public mutating func leave(time: Double) -> [TouchEvent] {
        guard isPressed else { return [] }
        pressID = nil
        return [.cancel(time: time)]
    }

    /// Ends a press without an event (a cancel for every contact was already sent).
    public mutating func forgetPress() {
        pressID = nil
    }
}
