/// The size rules of an xdg_toplevel configure, kept apart from the protocol so they can be
/// tested: a 0x0 configure leaves the size to the client (the configured default); a fullscreen
/// configure's size is a maximum, so the buffer is exactly that size times the scale, never more.
public struct SurfaceSizing: Sendable, Equatable {
    public var logicalWidth: Int
    public var logicalHeight: Int
    public var scale: Int

    /// The widest and tallest buffer the shm backend makes, in output pixels.
    public static let maximumBufferSide = 16384

    public var bufferWidth: Int { logicalWidth * scale }
    public var bufferHeight: Int { logicalHeight * scale }

    public init(logicalWidth: Int, logicalHeight: Int, scale: Int) {
        self.logicalWidth = logicalWidth
        self.logicalHeight = logicalHeight
        self.scale = scale
    }

    /// The sizing for a configure of `width`×`height` (either may be 0 = client's choice).
    /// Nonsense from the compositor (negative sizes, scale < 1, a size whose buffer would pass
    /// `maximumBufferSide`) is clamped to sane values instead of trapping: input never crashes
    /// the shell.
    public static func forConfigure(
        width: Int32, height: Int32, defaultSize: (width: Int, height: Int), scale: Int
    ) -> SurfaceSizing {
        let scale = max(1, min(scale, 8))
        let largest = maximumBufferSide / scale
        let w = width > 0 ? Int(width) : max(1, defaultSize.width)
        let h = height > 0 ? Int(height) : max(1, defaultSize.height)
        return SurfaceSizing(
            logicalWidth: min(w, largest), logicalHeight: min(h, largest), scale: scale)
    }
}
