import KioskCore

extension CairoContext {
    /// The keyboard focus ring filling `box`: an accent line `ChromeMetrics.focusRingWidth` wide
    /// along its edge, its corners following the theme's radius `focusRingOutset` further out,
    /// so it lies parallel to the card or tile it surrounds (box = item grown by the outset).
    func strokeFocusRing(inside box: Rect, theme: Theme) {
        let width = ChromeMetrics.focusRingWidth
        let radius = max(0, theme.cornerRadius) + ChromeMetrics.focusRingOutset - width / 2
        strokeRoundedRect(
            box.insetBy(dx: width / 2, dy: width / 2), radius: radius, lineWidth: width,
            color: theme.accent)
    }
}
