/// What a tap on a list row, tile or button asks the navigation to do.
public enum Action: Hashable, Sendable, CustomStringConvertible {
    /// Push the page in the enclosing drill-down or stack, or turn the enclosing cube to the face
    /// that holds it (or switch the enclosing tabs to it).
    case open(PageID)
    /// Pop the innermost drill-down or stack that can pop.
    case back
    /// Return to the home page, unwinding every container to its root.
    case home
    /// Turn the enclosing cube one face forward.
    case nextFace
    /// Turn the enclosing cube one face back.
    case previousFace
    /// Runs a program or publishes an MQTT message (`run = […]`, `publish = {…}`); the runner
    /// carries it out, the navigation does not move.
    case command(CommandAction)
    /// `open` with a transition of its own (a stack pushes with it and pops the page as asked).
    case openWith(PageID, ActionTransition)
    /// `back` with a transition of its own instead of the push played backwards (`.none`: instant).
    case backWith(TransitionOverride)
    /// A toggle, slider, stepper or choice was touched; the runner works out and sends the new
    /// value (`ControlInput`), the navigation does not move.
    case control(ControlInput)
    /// Shows every page in another language (`language = "de"` on a tile or row); the runner
    /// switches, the navigation does not move.
    case language(String)

    /// The page an `open` leads to, with or without its own transition.
    public var openedPage: PageID? {
        switch self {
        case .open(let id), .openWith(let id, _): id
        default: nil
        }
    }

    public var description: String {
        switch self {
        case .open(let id): "open \(id)"
        case .back: "back"
        case .home: "home"
        case .nextFace: "next"
        case .previousFace: "previous"
        case .command(let command): command.description
        case .openWith(let id, let t):
            "open \(id)" + (t.push.map { " with \($0)" } ?? "")
                + (t.back.map { ", back with \($0)" } ?? "")
        case .backWith(let t): "back with \(t)"
        case .control(let input): input.description
        case .language(let code): "language \(code)"
        }
    }
}
