extension Key {
    /// The key for an xkbcommon keysym name: the navigation keys by name (both Enter keys are
    /// `.enter`), anything else `.other(name)`. Both key sources (the Wayland seat and libinput)
    /// map through this one table.
    public init(keysymName name: String) {
        switch name {
        case "Left": self = .left
        case "Right": self = .right
        case "Up": self = .up
        case "Down": self = .down
        case "Return", "KP_Enter": self = .enter
        case "Escape": self = .escape
        case "BackSpace": self = .backspace
        case "Home": self = .home
        case "Tab": self = .tab
        case "space": self = .space
        default: self = .other(name)
        }
    }

    /// A short name for logs and recordings: "left", "enter", "other:F1".
    public var name: String {
        switch self {
        case .left: "left"
        case .right: "right"
        case .up: "up"
        case .down: "down"
        case .enter: "enter"
        case .escape: "escape"
        case .backspace: "backspace"
        case .home: "home"
        case .tab: "tab"
        case .space: "space"
        case .other(let name): "other:\(name)"
        }
    }
}
