import KioskCore

/// Turns a mouse into one finger (id 0): the left button pressed is a touch down where the
/// pointer is, motion while pressed is touch motion, release is touch up. Each change is followed
/// by a `.frame`, as wl_touch groups its events. Leaving the surface while pressed cancels.
/// Other buttons are ignored, so a right click cannot start a second gesture.
public struct PointerFinger: Sendable {
    /// Linux input code of the left button (BTN_LEFT).
    public static let leftButton: UInt32 = 0x110
    /// The touch id the pointer uses.
    public static let touchID: Int32 = 0

    public private(set) var position: Point = .zero
    public private(set) var isPressed = false

    public init() {}

    /// The pointer entered the surface at `position` (logical pixels).
    public mutating func enter(at position: Point) -> [TouchEvent] {
        self.position = position
        return []
    }

    public mutating func motion(to position: Point, time: Double) -> [TouchEvent] {
        self.position = position
        guard isPressed else { return [] }
        return [.motion(id: Self.touchID, position: position, time: time), .frame(time: time)]
    }

    public mutating func button(_ button: UInt32, pressed: Bool, time: Double) -> [TouchEvent] {
        guard button == Self.leftButton, pressed != isPressed else { return [] }
        isPressed = pressed
        let event: TouchEvent =
            pressed
            ? .down(id: Self.touchID, position: position, time: time)
            : .up(id: Self.touchID, time: time)
        return [event, .frame(time: time)]
    }

    /// The pointer left the surface (or the pointer device went away).
    public mutating func leave(time: Double) -> [TouchEvent] {
        guard isPressed else { return [] }
        isPressed = false
        return [.cancel(time: time)]
    }
}
