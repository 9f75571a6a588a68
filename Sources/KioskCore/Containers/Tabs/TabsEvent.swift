/// What a tabs container reports.
public enum TabsEvent: Hashable, Sendable {
    /// A selection completed (after its appearance events), CLF's `didSelectViewController:`.
    case didSelect(Int, PageID)
}
