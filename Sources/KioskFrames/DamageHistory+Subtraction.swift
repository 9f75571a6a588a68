import KioskCore

extension DamageHistory {
    /// The parts of `regions` that no rectangle of `covered` overlaps, as non-overlapping
    /// rectangles (each input region is cut into at most four bands per covering rectangle).
    /// Empty regions vanish; a covering rectangle spanning a region removes it entirely.
    public static func subtract(_ covered: [Region], from regions: [Region]) -> [Region] {
        var remaining = regions.filter { $0.width > 0 && $0.height > 0 }
        for cut in covered where cut.width > 0 && cut.height > 0 {
            remaining = remaining.flatMap { subtract(cut, from: $0) }
            if remaining.isEmpty { break }
        }
        return remaining
    }

    /// `region` minus `cut`: the bands above and below the overlap, then left and right of it.
    static func subtract(_ cut: Region, from region: Region) -> [Region] {
        let x0 = max(region.x, cut.x), x1 = min(region.x + region.width, cut.x + cut.width)
        let y0 = max(region.y, cut.y), y1 = min(region.y + region.height, cut.y + cut.height)
        guard x1 > x0, y1 > y0 else { return [region] }
        var pieces: [Region] = []
        if y0 > region.y { pieces.append((region.x, region.y, region.width, y0 - region.y)) }
        let bottom = region.y + region.height
        if bottom > y1 { pieces.append((region.x, y1, region.width, bottom - y1)) }
        if x0 > region.x { pieces.append((region.x, y0, x0 - region.x, y1 - y0)) }
        let right = region.x + region.width
        if right > x1 { pieces.append((x1, y0, right - x1, y1 - y0)) }
        return pieces
    }

    /// The whole output pixels inside `rects` (edges rounded inward, so a pixel only partly
    /// covered is not counted as covered); non-finite or empty rectangles are left out.
    public static func pixelsInside(_ rects: [Rect]) -> [Region] {
        rects.compactMap { rect in
            guard rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite
            else { return nil }
            let limit = Double(Int32.max)
            let x0 = Int(max(-limit, min(limit, rect.minX.rounded(.up))))
            let y0 = Int(max(-limit, min(limit, rect.minY.rounded(.up))))
            let x1 = Int(max(-limit, min(limit, rect.maxX.rounded(.down))))
            let y1 = Int(max(-limit, min(limit, rect.maxY.rounded(.down))))
            guard x1 > x0, y1 > y0 else { return nil }
            return (x0, y0, x1 - x0, y1 - y0)
        }
    }
}
