// Ownership: ColumnMapper reads per-column tables in the LayerCompositor's scratch memory and a
// source surface's pixels, both valid for one layer of one compose call.

/// Gives the fixed-point surface coordinates of output pixels along one row.
protocol SpanMapper {
    /// Prepares row `y` (pixel index; its centre is y + 0.5).
    mutating func startRow(_ y: Int)
    /// Surface coordinates of pixel `x` of the current row.
    func coordinates(_ x: Int) -> (u: Int, v: Int)
    /// Draws the fully covered pixels x0..<x1 of the current row through a specialised loop, or
    /// returns false to let the generic loop do it.
    func drawInterior(_ row: UnsafeMutablePointer<UInt32>, from x0: Int, to x1: Int, colour: UInt64, alpha: UInt64) -> Bool
}

extension SpanMapper {
    @inline(__always)
    func drawInterior(_ row: UnsafeMutablePointer<UInt32>, from x0: Int, to x1: Int, colour: UInt64, alpha: UInt64) -> Bool {
        false
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

/// The divisor depends only on the column (rotations about a vertical axis: the cube): down each
/// column both coordinates step by a per-column constant, precomputed once per layer.
///
/// When the source column is the same all the way down (a pure rotation about a vertical axis)
/// and the source is at least two pixels wide, the fully covered run of a row takes a fast path:
/// the column's byte offset and horizontal weights are precomputed, leaving one multiply-add,
/// one clamp and a two-row vector blend per pixel.
struct ColumnMapper: SpanMapper {
    /// Per column (indexed by absolute x): u, v at row 0's centre and their steps per row.
    let u0: UnsafeMutablePointer<Int>
    let du: UnsafeMutablePointer<Int>
    let v0: UnsafeMutablePointer<Int>
    let dv: UnsafeMutablePointer<Int>
    /// Fast path: byte offset of the left source column, and (16 − fx, fx) weights per column.
    let offset: UnsafeMutablePointer<Int>
    let weights: UnsafeMutablePointer<SIMD8<UInt16>>
    let fast: Bool
    let source: BilinearSource
    var y = 0

    /// Bytes of scratch memory per column.
    static let bytesPerColumn = 5 * MemoryLayout<Int>.stride + MemoryLayout<SIMD8<UInt16>>.stride

    /// Fills the tables for columns x0..<x1; `scratch` holds `bytesPerColumn · (x1 − x0)` bytes,
    /// 16-byte aligned.
    init(_ n: Homography, x0: Int, x1: Int, scratch: UnsafeMutableRawPointer, source: BilinearSource) {
        let count = x1 - x0
        // The vectors first: they need 16-byte alignment, the Ints after them only 8.
        weights = scratch.bindMemory(to: SIMD8<UInt16>.self, capacity: count) - x0
        let ints = (scratch + count * MemoryLayout<SIMD8<UInt16>>.stride).bindMemory(to: Int.self, capacity: 5 * count)
        // Shift the bases so that index x (absolute) reads column x − x0.
        u0 = ints - x0
        du = ints + count - x0
        v0 = ints + 2 * count - x0
        dv = ints + 3 * count - x0
        offset = ints + 4 * count - x0
        self.source = source
        var constantU = true
        for x in x0..<x1 {
            let xc = Double(x) + 0.5
            let den = n.g * xc + n.i
            let r = den > 1e-12 ? 1 / den : 0
            u0[x] = toFixed((n.a * xc + n.b * 0.5 + n.c) * r)
            du[x] = toFixed(n.b * r)
            v0[x] = toFixed((n.d * xc + n.e * 0.5 + n.f) * r)
            dv[x] = toFixed(n.e * r)
            if du[x] != 0 { constantU = false }
            let u = u0[x] > 0 ? (u0[x] < source.uMax ? u0[x] : source.uMax) : 0
            offset[x] = (u >> fixedBits) &* 4
            let fx = UInt16(truncatingIfNeeded: (u >> (fixedBits - 4)) & 15)
            weights[x] = SIMD8(lowHalf: SIMD4(repeating: 16 &- fx), highHalf: SIMD4(repeating: fx))
        }
        fast = constantU && source.columnStep == 1
    }

    @inline(__always)
    mutating func startRow(_ y: Int) { self.y = y }

    @inline(__always)
    func coordinates(_ x: Int) -> (u: Int, v: Int) {
        (u0[x] &+ du[x] &* y, v0[x] &+ dv[x] &* y)
    }

    @inline(__always)
    func drawInterior(_ row: UnsafeMutablePointer<UInt32>, from x0: Int, to x1: Int, colour: UInt64, alpha: UInt64) -> Bool {
        guard fast else { return false }
        let base = UnsafeRawPointer(source.base)
        let strideBytes = source.stridePixels &* 4
        let rowBytes = source.rowStep &* 4
        let vMax = source.vMax
        let y = self.y
        let ahead = 3 &* rowBytes
        if colour == 256 && alpha == 256 {
            for x in x0..<x1 {
                var v = v0[x] &+ dv[x] &* y
                v = v > 0 ? (v < vMax ? v : vMax) : 0
                let fy = UInt16(truncatingIfNeeded: (v >> (fixedBits - 4)) & 15)
                let p = base + (offset[x] &+ (v >> fixedBits) &* strideBytes)
                prefetch(p + ahead)
                put(bilinearPairs(p, rowStep: rowBytes, weights: weights[x], fy: fy), row + x)
            }
        } else {
            for x in x0..<x1 {
                var v = v0[x] &+ dv[x] &* y
                v = v > 0 ? (v < vMax ? v : vMax) : 0
                let fy = UInt16(truncatingIfNeeded: (v >> (fixedBits - 4)) & 15)
                let p = base + (offset[x] &+ (v >> fixedBits) &* strideBytes)
                let s = bilinearPairs(p, rowStep: rowBytes, weights: weights[x], fy: fy)
                put(modulate(s, colour: colour, alpha: alpha), row + x)
            }
        }
        return true
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
