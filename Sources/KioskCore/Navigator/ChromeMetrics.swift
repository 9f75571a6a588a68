/// Sizes of the navigation chrome the Navigator lays out and the renderer draws (logical px).
public enum ChromeMetrics {
    /// A drill-down column's header: the page title and, on the left column, a back chevron
    /// (SGBDrillDownController's per-side navigation bars).
    public static let headerHeight = 64.0
    /// The tappable back area at the left of a header, at its narrowest.
    public static let backButtonWidth = 72.0
    /// The widest back button (chevron and the previous page's title).
    public static let backButtonMaxWidth = 220.0

    /// The tappable back area of a header `headerWidth` wide: room for the chevron and the
    /// previous title (a third of the header, 72…220 px), never narrower than 48 px (a fingertip).
    public static func backButtonWidth(headerWidth: Double) -> Double {
        min(headerWidth, max(backButtonWidth, min(backButtonMaxWidth, (headerWidth / 3).rounded())))
    }
    /// The tab bar along the bottom of a tabs container.
    public static let tabBarHeight = 72.0
    /// The line between a drill-down's columns (SGB's 1-pt gap).
    public static let columnGap = 1.0
    /// The keyboard focus ring: a line this wide, this far outside the focused row or tile, so
    /// it shows on accent-filled buttons and cards alike.
    public static let focusRingWidth = 3.0
    public static let focusRingGap = 3.0
    /// How far the ring's layer reaches beyond the item on each side.
    public static var focusRingOutset: Double { focusRingGap + focusRingWidth }
}
