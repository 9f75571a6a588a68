/// A page's box-filtered half- and quarter-width copies, for the parts of a turning cube face that
/// are squeezed more than 2× or 4× across (issue 29): bilinear sampling from the full page there
/// skips source columns ("Tile a1" reads "Tle1") and small text shimmers as the face moves; in
/// the narrower copy each pixel is the mean of the 2 (4) page pixels beside each other below it,
/// so every column counts. Only the width shrinks: a face turning about a vertical axis is
/// squeezed across far more than up and down (a half-size copy blurs its letters vertically for
/// nothing). Premultiplied ARGB like the page, so averaging is exact for translucent pixels.
/// Three quarters of the page's memory; built after a frame is committed, never while one is
/// composed (`PageSurfaceCache.storeForTurning`).
public final class MinifiedCopies {
    /// Level 1 (half the width, rounded up) and level 2 (a quarter).
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

    /// Brings both copies up to date after `page` was redrawn inside `rect` (page pixels, whole):
    /// only the copies' columns above it are computed again, so a clock or a value card that
    /// changes on a turning face keeps its copies (they are not dropped and rebuilt whole).
    func update(from page: ImageBuffer, in rect: PixelBox) {
        // The half-width columns over page columns x0..<x1, and the quarter's over those.
        let halfColumns = (rect.x0 / 2)..<((rect.x1 + 1) / 2)
        let quarterColumns = (halfColumns.lowerBound / 2)..<((halfColumns.upperBound + 1) / 2)
        let rows = rect.y0..<rect.y1
        Self.halve(page, into: half, columns: halfColumns, rows: rows)
        Self.halve(half, into: quarter, columns: quarterColumns, rows: rows)
    }

    /// `source` at half its width, each pixel the rounded mean of the two beside each other below
    /// it (an odd last column is averaged with itself).
    static func halved(_ source: ImageBuffer) -> ImageBuffer? {
        let width = (source.width + 1) / 2, height = source.height
        guard let target = try? ImageBuffer(width: width, height: height) else { return nil }
        halve(source, into: target, columns: 0..<width, rows: 0..<height)
        return target
    }

    /// Columns `columns` of rows `rows` of `target` (half `source`'s width) from `source`.
    private static func halve(
        _ source: ImageBuffer, into target: ImageBuffer, columns: Range<Int>, rows: Range<Int>
    ) {
        let columns = columns.clamped(to: 0..<target.width)
        let rows = rows.clamped(to: 0..<min(source.height, target.height))
        let from = source.pixels.assumingMemoryBound(to: UInt32.self)
        let to = target.pixels.assumingMemoryBound(to: UInt32.self)
        let fromStride = source.stride / 4, toStride = target.stride / 4
        let lastColumn = source.width - 1
        for y in rows {
            let row = from + y * fromStride, out = to + y * toStride
            for x in columns {
                out[x] = mean(row[2 * x], row[min(2 * x + 1, lastColumn)])
            }
        }
        // Tells cairo only: the copies have no copies of their own to keep.
        target.markDirty()
    }

    /// The per-channel rounded mean of two ARGB pixels: each channel widened to 16 bits so the
    /// sums cannot carry into the next.
    @inline(__always)
    static func mean(_ a: UInt32, _ b: UInt32) -> UInt32 {
        @inline(__always) func spread(_ p: UInt32) -> UInt64 {
            let q = UInt64(p)
            return (q & 0x00FF_00FF) | ((q & 0xFF00_FF00) << 24)
        }
        let m = ((spread(a) &+ spread(b) &+ 0x0001_0001_0001_0001) >> 1) & 0x00FF_00FF_00FF_00FF
        return UInt32(truncatingIfNeeded: (m & 0x00FF_00FF) | ((m >> 24) & 0xFF00_FF00))
    }
}
