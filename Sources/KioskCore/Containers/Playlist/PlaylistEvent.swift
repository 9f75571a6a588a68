/// What a playlist reports.
public enum PlaylistEvent: Hashable, Sendable {
    /// A turn to page `index` completed (after its appearance events), by itself or asked for
    /// (`show`, `home`).
    case didTurn(Int, PageID)
}
