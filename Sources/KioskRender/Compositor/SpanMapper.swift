// The mappers: output pixel → fixed-point surface coordinates, one kind per transform class.
// ColumnMapper (the cube) and ScaleMapper have files of their own.

/// Gives the fixed-point surface coordinates of output pixels along one row.
protocol SpanMapper {
    /// Prepares row `y` (pixel index; its centre is y + 0.5).
    mutating func startRow(_ y: Int)
    /// Surface coordinates of pixel `x` of the current row.
    func coordinates(_ x: Int) -> (u: Int, v: Int)
    /// The bilinear sample of `source` at pixel `x` of the current row (an edge pixel: the
    /// generic loop modulates it by its coverage).
    func sample<S: PixelSource>(_ x: Int, from source: S) -> UInt32
    /// Draws the fully covered pixels x0..<x1 of the current row through a specialised loop, or
    /// returns false to let the generic loop do it. `fresh`: the pixels are transparent, so they
    /// are stored without blending.
    func drawInterior(
        _ row: UnsafeMutablePointer<UInt32>, from x0: Int, to x1: Int, colour: UInt64,
        alpha: UInt64, fresh: Bool
    ) -> Bool
    /// `drawInterior` over pixels that all hold `background` (a loop may blend without reading them).
    func drawInterior(
        _ row: UnsafeMutablePointer<UInt32>, from x0: Int, to x1: Int, colour: UInt64,
        alpha: UInt64,
        overBackground background: UInt32
    ) -> Bool
}

extension SpanMapper {
    @inline(__always)
    func sample<S: PixelSource>(_ x: Int, from source: S) -> UInt32 {
        let (u, v) = coordinates(x)
        return source.sample(u, v)
    }

    @inline(__always)
    func drawInterior(
        _ row: UnsafeMutablePointer<UInt32>, from x0: Int, to x1: Int, colour: UInt64,
        alpha: UInt64, fresh: Bool
    ) -> Bool {
        false
    }

    @inline(__always)
    func drawInterior(
        _ row: UnsafeMutablePointer<UInt32>, from x0: Int, to x1: Int, colour: UInt64,
        alpha: UInt64,
        overBackground background: UInt32
    ) -> Bool {
        drawInterior(row, from: x0, to: x1, colour: colour, alpha: alpha, fresh: false)
    }
}

/// The divisor depends only on the row (affine maps, rotations about a horizontal axis): along a
/// row both coordinates step by a constant.
struct RowMapper: SpanMapper {
    let n: Homography
    var u0 = 0, du = 0, v0 = 0, dv = 0

    init(_ n: Homography) { self.n = n }

    @inline(__always)
    mutating func startRow(_ y: Int) {
        let yc = Double(y) + 0.5
        let den = n.h * yc + n.i
        let r = den > 1e-12 ? 1 / den : 0
        // Values at pixel centre x = 0.5, and the steps per pixel.
        u0 = toFixed((n.a * 0.5 + n.b * yc + n.c) * r)
        v0 = toFixed((n.d * 0.5 + n.e * yc + n.f) * r)
        du = toFixed(n.a * r)
        dv = toFixed(n.d * r)
    }

    @inline(__always)
    func coordinates(_ x: Int) -> (u: Int, v: Int) {
        (u0 &+ du &* x, v0 &+ dv &* x)
    }
}

/// Any projective map: one exact division per pixel.
struct ProjectiveMapper: SpanMapper {
    let n: Homography
    var ru = 0.0, rv = 0.0, rw = 0.0

    init(_ n: Homography) { self.n = n }

    @inline(__always)
    mutating func startRow(_ y: Int) {
        let yc = Double(y) + 0.5
        ru = n.b * yc + n.c
        rv = n.e * yc + n.f
        rw = n.h * yc + n.i
    }

    @inline(__always)
    func coordinates(_ x: Int) -> (u: Int, v: Int) {
        let xc = Double(x) + 0.5
        let w = n.g * xc + rw
        // Outside the quad the divisor may approach the horizon; coverage is zero there anyway.
        let r = w > 1e-12 ? 1 / w : 0
        return (toFixed((n.a * xc + ru) * r), toFixed((n.d * xc + rv) * r))
    }
}
