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

    public var description: String {
        switch self {
        case .open(let id): "open \(id)"
        case .back: "back"
        case .home: "home"
        case .nextFace: "next"
        case .previousFace: "previous"
        case .command(let command): command.description
        }
    }
}
