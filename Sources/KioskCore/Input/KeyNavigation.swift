/// A direction for moving keyboard focus within a list of actionable items.
public enum FocusDirection: Hashable, Sendable {
    case up, down
    /// Tab: the next item, round to the first after the last (as on the web).
    case next
}

/// What a key asks the navigation to do. The Navigator applies it to the focused container.
public enum NavigationIntent: Hashable, Sendable {
    /// Turn the cube to the next face (as a leftward swipe does).
    case nextFace
    /// Turn the cube to the previous face (as a rightward swipe does).
    case previousFace
    case moveFocus(FocusDirection)
    /// Activate the focused item (as a tap on it does).
    case activate
    /// Go back one level (drill-down pop, stack pop).
    case back
    /// Go to the configured home page.
    case home
}

/// Maps key presses to navigation intents. A pure function: no state, no timing.
///
/// Only presses count; releases map to nothing. Key repeat is the caller's business (it delivers
/// repeated presses or not). Tab moves to the next item and goes round (`KeyEvent` carries no Shift
/// state, so there is no Shift-Tab: Up goes back); every other key (`.other`) maps to nothing.
public enum KeyNavigation {
    /// The intent of `event`, or nil when the key means nothing to navigation or is a release.
    public static func intent(for event: KeyEvent) -> NavigationIntent? {
        guard event.isPressed else { return nil }
        return intent(for: event.key)
    }

    /// The intent of pressing `key`.
    public static func intent(for key: Key) -> NavigationIntent? {
        switch key {
        case .left: .previousFace
        case .right: .nextFace
        case .up: .moveFocus(.up)
        case .down: .moveFocus(.down)
        case .enter, .space: .activate
        case .escape, .backspace: .back
        case .home: .home
        case .tab: .moveFocus(.next)
        case .other: nil
        }
    }
}
