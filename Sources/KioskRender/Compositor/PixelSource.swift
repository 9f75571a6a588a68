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
struct BilinearSource: PixelSource {
    let base: UnsafePointer<UInt32>
    /// Row step in pixels; 0 when the surface is one row high.
    let rowStep: Int
    /// Column step; 0 when the surface is one column wide.
    let columnStep: Int
    let stridePixels: Int
    /// Largest coordinates whose pixel and its right/lower neighbour are in the surface.
    let uMax: Int
    let vMax: Int

    init(base: UnsafePointer<UInt32>, width: Int, height: Int, stridePixels: Int) {
        self.base = base
        self.stridePixels = stridePixels
        columnStep = width > 1 ? 1 : 0
        rowStep = height > 1 ? stridePixels : 0
        uMax = width > 1 ? ((width - 1) << fixedBits) - 1 : 0
        vMax = height > 1 ? ((height - 1) << fixedBits) - 1 : 0
    }

    @inline(__always)
    func sample(_ u: Int, _ v: Int) -> UInt32 {
        let uc = u > 0 ? (u < uMax ? u : uMax) : 0
        let vc = v > 0 ? (v < vMax ? v : vMax) : 0
        let p = base + ((uc >> fixedBits) &+ (vc >> fixedBits) &* stridePixels)
        let fx = UInt16(truncatingIfNeeded: (uc >> (fixedBits - 4)) & 15)
        let fy = UInt16(truncatingIfNeeded: (vc >> (fixedBits - 4)) & 15)
        if columnStep == 1 {
            let hw = SIMD8<UInt16>(lowHalf: SIMD4(repeating: 16 &- fx), highHalf: SIMD4(repeating: fx))
            return bilinearPairs(UnsafeRawPointer(p), rowStep: rowStep &* 4, weights: hw, fy: fy)
        }
        return bilinear(
            p[0], p[columnStep], p[rowStep], p[rowStep &+ columnStep], fx: UInt64(fx), fy: UInt64(fy))
    }
}

/// A flat colour.
struct SolidSource: PixelSource {
    let pixel: UInt32

    @inline(__always)
    func sample(_ u: Int, _ v: Int) -> UInt32 { pixel }
}
