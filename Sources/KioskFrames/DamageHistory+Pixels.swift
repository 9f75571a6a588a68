import KioskCore

extension DamageHistory {
    /// Whole-pixel rectangles covering `rects` (rounded outwards), clipped to a `width`×`height`
    /// buffer; empty and non-finite ones dropped. What a frame's damage records and presents.
    public static func wholePixels(covering rects: [Rect], width: Int, height: Int) -> [Region] {
        rects.compactMap { rect in
            guard rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite
            else { return nil }
            let x0 = max(0, Int(max(rect.minX, -1).rounded(.down)))
            let y0 = max(0, Int(max(rect.minY, -1).rounded(.down)))
            let x1 = min(width, Int(min(rect.maxX, Double(width) + 1).rounded(.up)))
            let y1 = min(height, Int(min(rect.maxY, Double(height) + 1).rounded(.up)))
            guard x1 > x0, y1 > y0 else { return nil }
            return (x0, y0, x1 - x0, y1 - y0)
        }
    }
}
