import KioskCore

/// `orientation` on a transition that has no direction: the key is accepted (the page still
/// works) but a warning says it does nothing, instead of ignoring it silently.
extension PageParser {
    /// Transitions whose motion has no direction: a cross-fade, a centred zoom, pages turning
    /// about the centre line.
    static let undirectedTransitions: Set<TransitionKind> = [
        .cross, .fade, .backFade, .ghost, .zoom
    ]

    /// Warns at `keyPath` when `kind` ignores its orientation.
    func warnIfOrientationIgnored(_ kind: TransitionKind, keyPath: String) {
        guard Self.undirectedTransitions.contains(kind) else { return }
        context.warning(
            keyPath, "a \(kind.rawValue) transition has no direction; orientation does nothing here"
        )
    }
}
