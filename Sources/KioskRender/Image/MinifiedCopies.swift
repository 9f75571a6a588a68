/// A page's box-filtered half- and quarter-size copies along one axis, for the parts of a turning
/// cube face squeezed more than 2× or 4× (issue 29): bilinear sampling from the full page there
/// skips source columns (rows) ("Tile a1" reads "Tle1") and small text shimmers as the face
/// moves; in the smaller copy each pixel is the mean of the 2 (4) page pixels next to each other
/// along the axis below it, so every column (row) counts. Only one axis shrinks: a face turning
/// about a vertical axis (a horizontal cube) is squeezed across far more than up and down, one
/// turning about a horizontal axis (a vertical cube) up and down far more than across; a copy
/// shrunk both ways would blur its letters along the other axis for nothing. Premultiplied ARGB
/// like the page, so averaging is exact for translucent pixels. Three quarters of the page's
/// memory; built after a frame is committed, never while one is composed
/// (`PageSurfaceCache.storeForTurning`).
public final class MinifiedCopies {
    /// The axis a copy is shrunk along: `.width` for faces drawn by the column loop (horizontal
    /// cubes), `.height` for faces drawn by the row loop (vertical cubes).
    public enum Axis: Sendable {
        case width, height
    }

    public let axis: Axis
    /// Level 1 (half the width or height, rounded up) and level 2 (a quarter).
    public let half: ImageBuffer
    public let quarter: ImageBuffer

    /// nil when a copy cannot be allocated.
    public init?(of page: ImageBuffer, axis: Axis = .width) {
        guard let half = MinifiedCopies.halved(page, axis: axis),
            let quarter = MinifiedCopies.halved(half, axis: axis)
        else { return nil }
        self.axis = axis
        self.half = half
        self.quarter = quarter
    }

    /// The copy for `level` (1 or 2).
    public func level(_ level: Int) -> ImageBuffer { level >= 2 ? quarter : half }

    /// Bytes held by both copies.
    public var bytes: Int { half.stride * half.height + quarter.stride * quarter.height }

    /// Brings both copies up to date after `page` was redrawn inside `rect` (page pixels, whole):
    /// only the copies' pixels above it are computed again, so a clock or a value card that
    /// changes on a turning face keeps its copies (they are not dropped and rebuilt whole).
    /// `layouts`: each copy's layout for turning is brought up to date where the copy changed,
    /// else dropped.
    func update(from page: ImageBuffer, in rect: PixelBox, layouts: Bool = false) {
        // Along the axis: the half copy's lines over page lines a0..<a1, and the quarter's over
        // those; across it the rectangle's own extent.
        let (along, across) =
            axis == .width
            ? (rect.x0..<rect.x1, rect.y0..<rect.y1) : (rect.y0..<rect.y1, rect.x0..<rect.x1)
        let halfLines = (along.lowerBound / 2)..<((along.upperBound + 1) / 2)
        let quarterLines = (halfLines.lowerBound / 2)..<((halfLines.upperBound + 1) / 2)
        Self.halve(page, into: half, axis: axis, lines: halfLines, across: across, layout: layouts)
        Self.halve(
            half, into: quarter, axis: axis, lines: quarterLines, across: across, layout: layouts)
    }

    /// `source` at half its width (height), each pixel the rounded mean of the two next to each
    /// other along `axis` below it (an odd last column or row is averaged with itself).
    static func halved(_ source: ImageBuffer, axis: Axis = .width) -> ImageBuffer? {
        let width = axis == .width ? (source.width + 1) / 2 : source.width
        let height = axis == .height ? (source.height + 1) / 2 : source.height
        guard let target = try? ImageBuffer(width: width, height: height) else { return nil }
        let (lines, across) = axis == .width ? (width, height) : (height, width)
        halve(source, into: target, axis: axis, lines: 0..<lines, across: 0..<across)
        return target
    }

    /// The target's lines `lines` along `axis` (columns for `.width`, rows for `.height`), over
    /// `across` (rows for `.width`, columns for `.height`), from `source`.
    /// `layout`: the target's layout for turning is brought up to date there, not dropped.
    private static func halve(
        _ source: ImageBuffer, into target: ImageBuffer, axis: Axis, lines: Range<Int>,
        across: Range<Int>, layout: Bool = false
    ) {
        let from = source.pixels.assumingMemoryBound(to: UInt32.self)
        let to = target.pixels.assumingMemoryBound(to: UInt32.self)
        let fromStride = source.stride / 4, toStride = target.stride / 4
        switch axis {
        case .width:
            let columns = lines.clamped(to: 0..<target.width)
            let rows = across.clamped(to: 0..<min(source.height, target.height))
            let lastColumn = source.width - 1
            for y in rows {
                let row = from + y * fromStride, out = to + y * toStride
                for x in columns {
                    out[x] = mean(row[2 * x], row[min(2 * x + 1, lastColumn)])
                }
            }
        case .height:
            let rows = lines.clamped(to: 0..<target.height)
            let columns = across.clamped(to: 0..<min(source.width, target.width))
            let lastRow = source.height - 1
            for y in rows {
                let upper = from + 2 * y * fromStride
                let lower = from + min(2 * y + 1, lastRow) * fromStride
                let out = to + y * toStride
                for x in columns { out[x] = mean(upper[x], lower[x]) }
            }
        }
        // Tells cairo only: the copies have no copies of their own to keep.
        target.markDirty(keepingLayout: layout)
        if layout {
            let box =
                axis == .width
                ? PixelBox(
                    x0: lines.lowerBound, y0: across.lowerBound, x1: lines.upperBound,
                    y1: across.upperBound)
                : PixelBox(
                    x0: across.lowerBound, y0: lines.lowerBound, x1: across.upperBound,
                    y1: lines.upperBound)
            target.pairLayout?.update(from: target, in: box)
        }
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
