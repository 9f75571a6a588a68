import KioskCore

/// The card toasts and dialogs are drawn on: at most `maximumWidth` wide, centred across the
/// viewport, at its bottom (toast) or its middle (dialog).
enum OverlayCard {
    /// Widest card, logical pixels.
    static let maximumWidth = 640.0
    static let margin = 24.0

    /// The card's width on `viewport`, before its height is known.
    static func width(viewport: Size) -> Double {
        min(maximumWidth, max(1, viewport.width - 2 * margin))
    }

    /// The card whose content is `contentHeight` tall (clamped to the viewport less margins).
    static func frame(viewport: Size, contentHeight: Double, centred: Bool) -> Rect {
        let width = width(viewport: viewport)
        let height = min(max(1, contentHeight), max(1, viewport.height - 2 * margin)).rounded(.up)
        let x = ((viewport.width - width) / 2).rounded()
        let y =
            centred ? ((viewport.height - height) / 2).rounded() : viewport.height - margin - height
        return Rect(x: x, y: y, width: width, height: height)
    }
}
