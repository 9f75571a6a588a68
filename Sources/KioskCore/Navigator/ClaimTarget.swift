/// What a gesture claimant stands for while one finger's gesture lasts.
enum ClaimTarget {
    /// A panel: taps on its items, vertical pans when it scrolls (frame in root logical pixels).
    case panel(NavigationNode, frame: Rect)
    /// A part of a container: what it does with the gestures routed to it (`TouchClaims.claim`).
    case container((Gesture) -> Void)
}
