/// What a stack reports around a change of its top page (UINavigationControllerDelegate's pair).
public enum StackEvent: Hashable, Sendable {
    /// Sent when a change starts, before the appearance events.
    case willShow(PageID, animated: Bool)
    /// Sent when it completes, after the appearance events. A cancelled interactive pop sends none.
    case didShow(PageID, animated: Bool)
}
