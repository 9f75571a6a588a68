/// A whole-pixel map from output pixels to surface pixels at 1:1 scale: a translation, possibly
/// turned by a multiple of 90° or mirrored (what a display rotation makes of an upright page).
/// Output pixel (x, y) shows surface pixel (ux·x + uy·y + du, vx·x + vy·y + dv), where
/// ((ux, uy), (vx, vy)) has one ±1 in each row and column.
struct PixelCopy: Equatable {
    var ux, uy, du: Int
    var vx, vy, dv: Int

    /// A plain translation: output (x, y) shows surface pixel (x + dx, y + dy).
    static func translation(dx: Int, dy: Int) -> PixelCopy {
        PixelCopy(ux: 1, uy: 0, du: dx, vx: 0, vy: 1, dv: dy)
    }

    /// Pixels (in a surface of `stridePixels` per row) from output pixel (x, y)'s source to
    /// (x + 1, y)'s: 1 for a plain copy, −1 mirrored, ±stride for a quarter turn.
    func step(stridePixels: Int) -> Int { ux &+ vx &* stridePixels }

    /// Offset of output pixel (x, y)'s source pixel from the surface's first pixel.
    func offset(x: Int, y: Int, stridePixels: Int) -> Int {
        (ux &* x &+ uy &* y &+ du) &+ (vx &* x &+ vy &* y &+ dv) &* stridePixels
    }

    /// The output pixels whose source pixel lies inside a `width` x `height` surface.
    func outputBox(width: Int, height: Int) -> PixelBox {
        // The matrix is a signed permutation: its inverse is its transpose.
        var x0 = Int.max, x1 = Int.min, y0 = Int.max, y1 = Int.min
        for (u, v) in [(0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)] {
            let x = ux * (u - du) + vx * (v - dv), y = uy * (u - du) + vy * (v - dv)
            x0 = min(x0, x); x1 = max(x1, x + 1)
            y0 = min(y0, y); y1 = max(y1, y + 1)
        }
        return PixelBox(x0: x0, y0: y0, x1: x1, y1: y1)
    }
}
