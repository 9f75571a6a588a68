import KioskCore

/// The card most value widgets sit on: the theme's surface with rounded corners and the widget's
/// label at its top left in the accent colour.
extension PageRenderer {
    /// Fills `rect` as a card and draws `label` `inset` in from its top-left corner, at most
    /// `labelWidth` wide; returns the laid-out label, whose height places what comes under it.
    @discardableResult
    func drawCard(
        _ rect: Rect, label: String, labelWidth: Double, inset: Double, in cairo: CairoContext,
        type: Typography
    ) -> TextLayout {
        let theme = type.theme
        cairo.fillRoundedRect(rect, radius: theme.cornerRadius, color: theme.surface)
        let layout = type.fileLabel(label, width: labelWidth)
        layout.draw(
            in: cairo, at: Point(x: rect.minX + inset, y: rect.minY + inset), color: theme.accent)
        return layout
    }
}
