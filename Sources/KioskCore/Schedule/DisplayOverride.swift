/// A remote `display` or `brightness` command laid over the schedule (docs/control.md). It holds
/// until the schedule's own state changes (a row starts or ends), so an operator's "off" is not
/// undone at the next minute, and not kept past the part of the day it was sent in.
public struct DisplayOverride: Hashable, Sendable {
    /// The display the command set; nil: the schedule's.
    public private(set) var display: DisplayPower?
    /// The backlight percent the command set; nil: the display's level.
    public private(set) var brightness: Int?
    /// The schedule's state when the first command came; another state ends the override.
    public let under: ScheduleState

    public init(under: ScheduleState) { self.under = under }

    /// `display on|off|dim`: the level goes back to the display's own (a `brightness` before it
    /// is forgotten).
    public mutating func set(display: DisplayPower) {
        self.display = display
        brightness = nil
    }

    /// `brightness N`: the level at once; a display held off comes on at that level.
    public mutating func set(brightness percent: Int) {
        brightness = min(max(percent, 0), 100)
    }

    /// True while the schedule says what it said when the command came.
    public func holds(over state: ScheduleState) -> Bool { state == under }

    /// `state` as the panel shows it with the command laid over it.
    public func applied(to state: ScheduleState) -> ScheduleState {
        var shown = state
        if let display, display != state.display {
            shown.display = display
            // The schedule's level belongs to its own display state (a dim row's 25 %).
            shown.brightness = nil
        }
        if let brightness {
            shown.brightness = brightness
            if shown.display == .off { shown.display = .on }
        }
        return shown
    }
}
