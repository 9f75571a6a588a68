/// One key of the on-screen pad or keyboard.
public enum EntryKey: Hashable, Sendable {
    case character(String)
    case space
    case backspace
    /// Checks the value and, when it is good, sends it.
    case submit
    /// Closes the pad; nothing is sent.
    case cancel

    /// What the key shows.
    public var label: String {
        switch self {
        case .character(let c): c
        case .space: "Space"
        case .backspace: "⌫"
        case .submit: "OK"
        case .cancel: "Cancel"
        }
    }

    /// `text` after this key was pressed (submit and cancel leave it as it is).
    public func apply(to text: String) -> String {
        switch self {
        case .character(let c): text + c
        case .space: text + " "
        case .backspace: String(text.dropLast())
        case .submit, .cancel: text
        }
    }
}
