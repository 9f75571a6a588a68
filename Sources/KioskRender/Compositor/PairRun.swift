// Ownership: a PairRun holds raw pointers into the LayerCompositor's scratch memory (its run
// tables) and into a PairLayout the layer's ImageBuffer keeps; both outlive the one `compose`
// call that uses it.
import CPixelKernels

/// The cube's column loop on a page stored for turning (`PairLayout`): per output column the
/// run tables `ks_pair_run` reads (row coordinate and step in sixteenths, the pair column's
/// offset, the horizontal weights), filled from the very fixed-point values `ColumnMapper`'s own
/// tables hold, so both loops sample the same taps with the same weights and give the same
/// pixels (`CompositorPairTierTests`, for every tier).
struct PairRun {
    let layout: ks_pair_layout
    let tier: PairTier
    /// Indexed by absolute x, like ColumnMapper's tables.
    let v0: UnsafeMutablePointer<Double>
    let dv: UnsafeMutablePointer<Double>
    let offsets: UnsafeMutablePointer<Int32>
    let weights: UnsafeMutablePointer<UInt8>

    /// Scratch bytes per column: two Doubles, 16 weight bytes, an Int32 (and 4 bytes that keep
    /// an even column count's slice a multiple of 16 bytes).
    static let bytesPerColumn = 2 * 8 + 16 + 4 + 4

    /// A double holds `v0 + dv · y` exactly while every term stays below 2^52 (times 2^-20);
    /// rows up to this many are checked.
    static let rowLimit = 1 << 15

    /// Fills the tables for columns x0..<x1 from the column loop's fixed-point `v0`, `dv` and the
    /// (column, fx) each column samples; nil when the layout is not of this source or a
    /// coordinate is too large to stay exact (the row-major loop draws then).
    init?(
        pairs: PairLayout, tier: PairTier, source: BilinearSource, width: Int, height: Int,
        x0: Int, x1: Int, scratch: UnsafeMutableRawPointer,
        column: (Int) -> (v0: Int, dv: Int, index: Int, fx: UInt16)
    ) {
        guard pairs.width == width, pairs.height == height, width >= 2, tier.isSupported,
            x1 > x0
        else { return nil }
        let count = x1 - x0
        let doubles = scratch.bindMemory(to: Double.self, capacity: 2 * count)
        v0 = doubles - x0
        dv = doubles + count - x0
        let bytes = (scratch + 16 * count).bindMemory(to: UInt8.self, capacity: 16 * count)
        weights = bytes - 16 * x0
        offsets = (scratch + 32 * count).bindMemory(to: Int32.self, capacity: count) - x0
        let limit = 1 << 52, scale = 1.0 / Double(1 << (fixedBits - 4))
        for x in x0..<x1 {
            let c = column(x)
            guard c.v0.magnitude < UInt(limit / 2),
                c.dv.magnitude < UInt(limit / 2 / PairRun.rowLimit), c.index < width - 1
            else { return nil }
            // Division by a power of two: exact.
            v0[x] = Double(c.v0) * scale
            dv[x] = Double(c.dv) * scale
            offsets[x] = Int32(c.index * pairs.columnBytes)
            let w = weights + 16 * x
            for k in 0..<8 {
                w[2 * k] = UInt8(16 &- c.fx)
                w[2 * k + 1] = UInt8(c.fx)
            }
        }
        layout = pairs.layout
        self.tier = tier
    }

    /// Writes the run x0..<x1 of row `y` over transparent pixels, modulated by colour and alpha.
    @inline(__always)
    func draw(
        _ row: UnsafeMutablePointer<UInt32>, from x0: Int, to x1: Int, y: Int, colour: UInt64,
        alpha: UInt64
    ) -> Bool {
        guard y >= 0, y < PairRun.rowLimit else { return false }
        var layout = self.layout
        var columns = ks_pair_columns(
            v0: v0 + x0, dv: dv + x0, offset: offsets + x0, weights: weights + 16 * x0)
        ks_pair_run(
            tier.rawValue, &layout, &columns, Int32(x1 - x0), Int32(y), row + x0,
            UInt32(colour), UInt32(alpha))
        return true
    }

    /// The pixel of column `x` (within the run) on row `y`, unmodulated; nil beyond the rows
    /// the tables are exact for. Inline (`ks_pair_pixel`): an edge pixel calls no function.
    @inline(__always)
    func sample(_ x: Int, y: Int) -> UInt32? {
        guard y >= 0, y < PairRun.rowLimit else { return nil }
        return ks_pair_pixel(
            layout.base, layout.height, v0, dv, offsets, weights, Int32(truncatingIfNeeded: x),
            Int32(truncatingIfNeeded: y))
    }

    /// Draws rows y0..<y0 + rows, pixels lo[r]..<hi[r] of each (absolute x) within `clip`, in
    /// tiles of 16 columns × all the rows (`ks_pair_tiles`); `dst` is row y0's pixel 0.
    func drawTiles(
        rows: Int, y0: Int, lo: UnsafePointer<Int32>, hi: UnsafePointer<Int32>, clip: Range<Int>,
        dst: UnsafeMutablePointer<UInt32>, stridePixels: Int, colour: UInt64, alpha: UInt64
    ) {
        var layout = self.layout
        var columns = ks_pair_columns(v0: v0, dv: dv, offset: offsets, weights: weights)
        ks_pair_tiles(
            tier.rawValue, &layout, &columns, Int32(rows), Int32(y0), lo, hi,
            Int32(clip.lowerBound), Int32(clip.upperBound), dst, stridePixels, UInt32(colour),
            UInt32(alpha))
    }
}
