/// What a gesture claimant stands for while one finger's gesture lasts.
enum ClaimTarget {
    /// A panel: taps on its items, vertical pans when it scrolls (frame in root logical pixels).
    case panel(NavigationNode, frame: Rect)
    /// A part of a container: what it does with the gestures routed to it (`TouchClaims.claim`).
    case container((Gesture) -> Void)
    /// A panel drawn as a picture, with no node of its own (a drill-down's placeholder): a tap on
    /// one of its items does what the same tap on `opener`, the page beside it, would do, so an
    /// `open` there fills the column as the left page's own `open` would.
    case picture(PageID, frame: Rect, opener: NavigationNode)
}
