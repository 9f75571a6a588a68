// Ownership: samplers hold raw pointers into an ImageBuffer the caller keeps alive for the
// duration of one `LayerCompositor.compose` call; they are never stored beyond it.

/// Bits of fraction in the compositor's fixed-point source coordinates.
let fixedBits = 24
/// 1.0 in fixed point.
let fixedOne = Double(1 << fixedBits)

/// Double → fixed point, clamped far outside any surface so the conversion never traps
/// (NaN becomes the lower limit).
@inline(__always)
func toFixed(_ v: Double) -> Int {
    let s = v * fixedOne
    let limit = 1.0e15
    return Int(s > -limit ? (s < limit ? s : limit) : -limit)
}

/// Where a pixel's colour comes from.
protocol PixelSource {
    /// The premultiplied colour at fixed-point surface pixel-centre coordinates (any values).
    func sample(_ u: Int, _ v: Int) -> UInt32
}

/// Bilinear sampling of an ARGB32 surface, edge pixels repeated outside it (the layer's
/// coverage, not the sampler, makes its edges transparent).
///
/// A coordinate is clamped into the surface, then split into the pixel whose right (lower)
/// neighbour is also in the surface and a weight of 0...16 sixteenths on that neighbour: the
/// last pixel's centre is the second-last pixel with weight 16, so it is sampled exactly, as the
/// copy loop copies it (the first version weighted it 15/16).
struct BilinearSource: PixelSource {
    let base: UnsafePointer<UInt32>
    /// Row step in pixels; 0 when the surface is one row high.
    let rowStep: Int
    /// Column step; 0 when the surface is one column wide.
    let columnStep: Int
    let stridePixels: Int
    /// Largest coordinates whose pixel and its right/lower neighbour are in the surface with a
    /// weight below 16 (the fast loops' unclamped range).
    let uMax: Int
    let vMax: Int
    /// The last pixel centres (clamp limits).
    let uEnd: Int
    let vEnd: Int
    /// The last column (row) that has a right (lower) neighbour; 0 for one column (row).
    let lastColumn: Int
    let lastRow: Int

    /// All of `buffer`'s pixels, valid while it is neither redrawn nor freed.
    init(_ buffer: ImageBuffer) {
        self.init(
            base: UnsafePointer(buffer.pixels.assumingMemoryBound(to: UInt32.self)),
            width: buffer.width, height: buffer.height, stridePixels: buffer.stride / 4)
    }

    init(base: UnsafePointer<UInt32>, width: Int, height: Int, stridePixels: Int) {
        self.base = base
        self.stridePixels = stridePixels
        columnStep = width > 1 ? 1 : 0
        rowStep = height > 1 ? stridePixels : 0
        uMax = width > 1 ? ((width - 1) << fixedBits) - 1 : 0
        vMax = height > 1 ? ((height - 1) << fixedBits) - 1 : 0
        uEnd = (width - 1) << fixedBits
        vEnd = (height - 1) << fixedBits
        lastColumn = max(width - 2, 0)
        lastRow = max(height - 2, 0)
    }

    /// The column of `u` (clamped) and the weight 0...16 of the column after it.
    @inline(__always)
    func column(_ u: Int) -> (index: Int, weight: UInt16) {
        BilinearSource.split(u, end: uEnd, last: lastColumn)
    }

    /// The row of `v` (clamped) and the weight 0...16 of the row below it.
    @inline(__always)
    func row(_ v: Int) -> (index: Int, weight: UInt16) {
        BilinearSource.split(v, end: vEnd, last: lastRow)
    }

    @inline(__always)
    static func split(_ t: Int, end: Int, last: Int) -> (index: Int, weight: UInt16) {
        let c = t > 0 ? (t < end ? t : end) : 0
        let i = min(c >> fixedBits, last)
        return (i, UInt16(truncatingIfNeeded: (c &- (i << fixedBits)) >> (fixedBits - 4)))
    }

    @inline(__always)
    func sample(_ u: Int, _ v: Int) -> UInt32 {
        let (c, fx) = column(u)
        let (r, fy) = row(v)
        let p = base + (c &+ r &* stridePixels)
        if columnStep == 1 {
            let hw = SIMD8<UInt16>(
                lowHalf: SIMD4(repeating: 16 &- fx), highHalf: SIMD4(repeating: fx))
            return bilinearPairs(UnsafeRawPointer(p), rowStep: rowStep &* 4, weights: hw, fy: fy)
        }
        return bilinear(
            p[0], p[columnStep], p[rowStep], p[rowStep &+ columnStep], fx: UInt64(fx),
            fy: UInt64(fy))
    }
}

/// A flat colour.
struct SolidSource: PixelSource {
    let pixel: UInt32

    @inline(__always)
    func sample(_ u: Int, _ v: Int) -> UInt32 { pixel }
}
