/// A page's box-filtered half- and quarter-size copies, for the parts of a turning cube face that
/// are shrunk more than 2× or 4× (issue 29): bilinear sampling from the full page there skips
/// source columns ("Tile a1" reads "Tle1") and small text shimmers as the face moves; the
/// smaller copy has each of its pixels averaged from the 2x2 pixels below it, so every source
/// pixel counts. Premultiplied ARGB like the page, so averaging is exact for translucent pixels.
/// About a third of the page's memory; built after a frame is committed, never while one is
/// composed (`PageSurfaceCache.storeForTurning`).
public final class MinifiedCopies {
    /// Level 1 (half size, rounded up) and level 2 (quarter size).
    public let half: ImageBuffer
    public let quarter: ImageBuffer

    /// nil when a copy cannot be allocated.
    public init?(of page: ImageBuffer) {
        guard let half = MinifiedCopies.halved(page), let quarter = MinifiedCopies.halved(half)
        else { return nil }
        self.half = half
        self.quarter = quarter
    }

    /// The copy for `level` (1 or 2).
    public func level(_ level: Int) -> ImageBuffer { level >= 2 ? quarter : half }

    /// Bytes held by both copies.
    public var bytes: Int { half.stride * half.height + quarter.stride * quarter.height }

    /// `source` at half its size, each pixel the rounded mean of the 2x2 block below it (an odd
    /// last row or column is averaged with itself).
    static func halved(_ source: ImageBuffer) -> ImageBuffer? {
        let width = (source.width + 1) / 2, height = (source.height + 1) / 2
        guard let target = try? ImageBuffer(width: width, height: height) else { return nil }
        let from = source.pixels.assumingMemoryBound(to: UInt32.self)
        let to = target.pixels.assumingMemoryBound(to: UInt32.self)
        let fromStride = source.stride / 4, toStride = target.stride / 4
        let lastColumn = source.width - 1
        for y in 0..<height {
            let top = from + 2 * y * fromStride
            let bottom = from + min(2 * y + 1, source.height - 1) * fromStride
            let row = to + y * toStride
            for x in 0..<width {
                let left = 2 * x, right = min(2 * x + 1, lastColumn)
                row[x] = mean(top[left], top[right], bottom[left], bottom[right])
            }
        }
        target.markDirty()
        return target
    }

    /// The per-channel rounded mean of four ARGB pixels: each channel widened to 16 bits so
    /// the four sums cannot carry into the next.
    @inline(__always)
    static func mean(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32) -> UInt32 {
        @inline(__always) func spread(_ p: UInt32) -> UInt64 {
            let q = UInt64(p)
            return (q & 0x00FF_00FF) | ((q & 0xFF00_FF00) << 24)
        }
        let sum = spread(a) &+ spread(b) &+ spread(c) &+ spread(d) &+ 0x0002_0002_0002_0002
        let m = (sum >> 2) & 0x00FF_00FF_00FF_00FF
        return UInt32(truncatingIfNeeded: (m & 0x00FF_00FF) | ((m >> 24) & 0xFF00_FF00))
    }
}
