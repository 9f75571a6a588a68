import KioskCore

extension ImageBuffer {
    /// `recordOpacity()` after drawing only `redrawn` (buffer pixels): a buffer that was opaque
    /// before stays so unless a redrawn pixel is not, so only those are scanned; otherwise the
    /// whole buffer is.
    @discardableResult
    public func recordOpacity(redrawn: [Rect], wasOpaque: Bool) -> Bool {
        guard wasOpaque else { return recordOpacity() }
        let base = UnsafePointer(pixels.assumingMemoryBound(to: UInt32.self))
        let rowPixels = stride / 4
        var opaque = true
        scan: for rect in redrawn {
            let x0 = max(0, Int(rect.minX.rounded(.down)))
            let x1 = min(width, Int(rect.maxX.rounded(.up)))
            let y0 = max(0, Int(rect.minY.rounded(.down)))
            let y1 = min(height, Int(rect.maxY.rounded(.up)))
            guard x0 < x1 else { continue }
            for y in y0..<max(y0, y1) where !allOpaque(base + y &* rowPixels + x0, count: x1 - x0) {
                opaque = false
                break scan
            }
        }
        knownOpacity = opaque
        return opaque
    }
}
