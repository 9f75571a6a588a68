/// One appearance or loading event of a page (panel or container), as UIKit's
/// `viewWillAppear:` … `viewDidDisappear:` plus load/unload of the page's resources.
public struct LifecycleEvent: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case load, willAppear, didAppear, willDisappear, didDisappear, unload
    }

    public var page: PageID
    public var kind: Kind
    /// Whether the change that caused it is animated (a did-event repeats its will-event's flag).
    public var animated: Bool

    public init(page: PageID, kind: Kind, animated: Bool) {
        self.page = page
        self.kind = kind
        self.animated = animated
    }

    public var description: String { "\(page) \(kind.rawValue)\(animated ? " animated" : "")" }
}
