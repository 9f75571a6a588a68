/// How `replaceRight` animates (SGBDrillDownControllerReplaceAnimationType).
public enum DrillDownReplaceAnimation: String, Hashable, Sendable, CaseIterable {
    /// The new page fades in over the old one (the seed's default).
    case fade
    /// The new page slides in from the right; the old one recedes left, dimmed.
    case push
}
