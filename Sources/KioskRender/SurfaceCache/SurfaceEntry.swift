import KioskCore

/// One cached surface and what is drawn on it, so the cache can tell what changed.
final class SurfaceEntry {
    let buffer: ImageBuffer
    /// Logical size and scale it was rasterised at.
    let size: Size
    let scale: Double
    /// The panel drawn (nil for chrome) and its layout.
    var panel: Panel?
    var layout: PanelLayout?
    /// Per `layout.dynamicRegions` index: the clock text or trimmed file value on the surface now
    /// (nil = the file value's placeholder).
    var shown: [String?] = []
    /// False once the configuration or a reload made the pixels stale.
    var isValid = true
    /// The prepare count when the surface was last in a scene.
    var lastUse: Int

    init(buffer: ImageBuffer, size: Size, scale: Double, lastUse: Int) {
        self.buffer = buffer
        self.size = size
        self.scale = scale
        self.lastUse = lastUse
    }

    var bytes: Int { buffer.stride * buffer.height }

    /// The whole surface in its pixels.
    var bounds: Rect {
        Rect(x: 0, y: 0, width: Double(buffer.width), height: Double(buffer.height))
    }
}
