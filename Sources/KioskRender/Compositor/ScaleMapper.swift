// Ownership: ScaleMapper reads per-column tables in the LayerCompositor's scratch memory and a
// source surface's pixels, both valid for one layer of one compose call.

/// Axis-aligned scale and translation (slides, swipes, zooms, fractional translations): the
/// source column depends only on the output column and the source row only on the output row.
///
/// Each column's byte offset and horizontal weights are computed once per layer, each row's
/// source row pointer and vertical weight once per row, so the fully covered run reads two
/// source rows front to back with one vector blend per pixel. Coordinates come from the same
/// fixed-point arithmetic as `RowMapper`, so the pixels are identical to the generic loop's.
struct ScaleMapper: SpanMapper {
    /// The generic mapper, kept on the current row for the edge pixels.
    var rows: RowMapper
    /// Fast path: byte offset of the left source column, and (16 − fx, fx) weights per column.
    let offset: UnsafeMutablePointer<Int>
    let weights: UnsafeMutablePointer<SIMD8<UInt16>>
    let fast: Bool
    let source: BilinearSource
    /// Byte offset of the current row's upper source row, and its vertical weight.
    var rowOffset = 0
    var fy: UInt16 = 0

    /// Bytes of scratch memory per column.
    static let bytesPerColumn = MemoryLayout<Int>.stride + MemoryLayout<SIMD8<UInt16>>.stride

    /// Fills the tables for columns x0..<x1; `scratch` holds `bytesPerColumn · (x1 − x0)` bytes,
    /// 16-byte aligned. `n` must have no perspective and no rotation (`b = d = g = h = 0`).
    init(_ n: Homography, x0: Int, x1: Int, scratch: UnsafeMutableRawPointer, source: BilinearSource) {
        let count = x1 - x0
        weights = scratch.bindMemory(to: SIMD8<UInt16>.self, capacity: count) - x0
        offset = (scratch + count * MemoryLayout<SIMD8<UInt16>>.stride).bindMemory(to: Int.self, capacity: count) - x0
        self.source = source
        var rows = RowMapper(n)
        rows.startRow(0)
        self.rows = rows
        for x in x0..<x1 {
            let u0 = rows.coordinates(x).u
            let u = u0 > 0 ? (u0 < source.uMax ? u0 : source.uMax) : 0
            offset[x] = (u >> fixedBits) &* 4
            let fx = UInt16(truncatingIfNeeded: (u >> (fixedBits - 4)) & 15)
            weights[x] = SIMD8(lowHalf: SIMD4(repeating: 16 &- fx), highHalf: SIMD4(repeating: fx))
        }
        fast = source.columnStep == 1
    }

    @inline(__always)
    mutating func startRow(_ y: Int) {
        rows.startRow(y)
        // v does not change along a row (d = 0).
        let v0 = rows.coordinates(0).v
        let v = v0 > 0 ? (v0 < source.vMax ? v0 : source.vMax) : 0
        rowOffset = (v >> fixedBits) &* source.stridePixels &* 4
        fy = UInt16(truncatingIfNeeded: (v >> (fixedBits - 4)) & 15)
    }

    @inline(__always)
    func coordinates(_ x: Int) -> (u: Int, v: Int) { rows.coordinates(x) }

    @inline(__always)
    func drawInterior(_ row: UnsafeMutablePointer<UInt32>, from x0: Int, to x1: Int, colour: UInt64, alpha: UInt64) -> Bool {
        guard fast else { return false }
        let base = UnsafeRawPointer(source.base) + rowOffset
        let rowBytes = source.rowStep &* 4
        let fy = self.fy
        @inline(__always) func run(_ m: SIMD4<UInt16>, modulated: Bool) {
            for x in x0..<x1 {
                var s = bilinearLanes(base + offset[x], rowStep: rowBytes, weights: weights[x], fy: fy)
                if modulated { s = modulateLanes(s, m) }
                putLanes(s, row + x)
            }
        }
        if colour == 256 && alpha == 256 {
            run(SIMD4(repeating: 256), modulated: false)
        } else {
            run(modulation(colour: colour, alpha: alpha), modulated: true)
        }
        return true
    }
}
