/// What a container wants one of its children to be right now.
public enum ChildRole: Hashable, Sendable {
    /// On screen at rest (follows the container's own appearance).
    case visible
    /// Coming on screen in a running transition (appearing until it completes).
    case incoming
    /// Leaving the screen in a running transition (disappearing until it completes).
    case outgoing
    /// Off screen but kept loaded (deeper stack entries, cube neighbours).
    case hidden
    /// Off screen and unloaded.
    case unloaded

    /// The state a child with this role should be in when its container is in `container`.
    func target(in container: AppearanceState) -> AppearanceState {
        if container == .disappeared { return .disappeared }
        switch self {
        case .visible: return container
        case .incoming: return .appearing
        case .outgoing: return .disappearing
        case .hidden, .unloaded: return .disappeared
        }
    }

    var keepsLoaded: Bool { self != .unloaded }
}
