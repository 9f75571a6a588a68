import KioskCore
import KioskWayland

extension DamageHistory {
    /// A damage rectangle (output pixels) as the whole pixels it touches inside a
    /// `width`×`height` buffer: what an in-process swap chain records per frame.
    static func pixelRegion(_ rect: Rect, width: Int, height: Int) -> Region {
        let x0 = max(0, Int(rect.minX.rounded(.down))), y0 = max(0, Int(rect.minY.rounded(.down)))
        let x1 = min(width, Int(rect.maxX.rounded(.up))), y1 = min(height, Int(rect.maxY.rounded(.up)))
        return (x0, y0, max(0, x1 - x0), max(0, y1 - y0))
    }
}
