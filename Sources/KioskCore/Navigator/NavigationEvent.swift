/// What a container reports about its own motion and changes, with the container's page id:
/// the cube's seven delegate callbacks (CubeController §1.6), the stack's will/did show, the tabs'
/// selection, the drill-down's push/pop/replace and the playlist's turns. `Navigator.onEvent` receives them all, in
/// the order they happen (appearance events go to `Navigator.observer`).
public enum NavigationEvent: Hashable, Sendable, CustomStringConvertible {
    case cube(PageID, CubeEvent)
    case stack(PageID, StackEvent)
    case tabs(PageID, TabsEvent)
    case drillDown(PageID, DrillDownEvent)
    case playlist(PageID, PlaylistEvent)

    /// The container that sent it.
    public var container: PageID {
        switch self {
        case .cube(let id, _), .stack(let id, _), .tabs(let id, _), .drillDown(let id, _),
            .playlist(let id, _):
            id
        }
    }

    /// One line for the debug log: `cube lobby didScroll`, `stack main willShow detail animated`.
    public var description: String {
        switch self {
        case .cube(let id, let e): "cube \(id) \(e)"
        case .stack(let id, .willShow(let page, let animated)):
            "stack \(id) willShow \(page)\(animated ? " animated" : "")"
        case .stack(let id, .didShow(let page, let animated)):
            "stack \(id) didShow \(page)\(animated ? " animated" : "")"
        case .tabs(let id, .didSelect(let index, let page)): "tabs \(id) didSelect \(index) \(page)"
        case .drillDown(let id, let e): "drilldown \(id) \(e)"
        case .playlist(let id, .didTurn(let index, let page)):
            "playlist \(id) didTurn \(index) \(page)"
        }
    }
}

/// What a drill-down reports when a request changes its pages (SGB has no delegate; these follow
/// its four operations), sent when the change starts, after the model changed.
public enum DrillDownEvent: Hashable, Sendable, CustomStringConvertible {
    /// `push`: the page pushed (nil: the right column was emptied by pushing nothing).
    case push(PageID?)
    /// `pop`: the page removed (nil when the right column was empty and nothing was removed).
    case pop(PageID?)
    /// `popTo`: the page now on the left.
    case popTo(PageID)
    /// `replaceRight`: the page now on the right (nil: the right column was emptied).
    case replaceRight(PageID?)

    public var description: String {
        switch self {
        case .push(let id): "push \(id.map(\.rawValue) ?? "-")"
        case .pop(let id): "pop \(id.map(\.rawValue) ?? "-")"
        case .popTo(let id): "popTo \(id)"
        case .replaceRight(let id): "replaceRight \(id.map(\.rawValue) ?? "-")"
        }
    }
}

extension NavigationNode {
    /// The event sink found up the parent chain (`Navigator.onEvent` sits on the root).
    var effectiveEventSink: ((NavigationEvent) -> Void)? { eventSink ?? parent?.effectiveEventSink }

    /// Sends `event` to the sink up the parent chain, if any.
    func report(_ event: NavigationEvent) { effectiveEventSink?(event) }
}
