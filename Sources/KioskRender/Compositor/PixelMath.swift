import KioskCore

// Premultiplied ARGB32 arithmetic for the compositor's inner loops.
//
// A pixel 0xAARRGGBB is spread into a UInt64 with one 16-bit lane per channel
// (lanes, low to high: B, R, G, A). Multiplying that word by a weight ≤ 256 scales all four
// channels at once without a lane overflowing (255 · 256 < 65536): the scalar equivalent of a
// 4-wide SIMD multiply that needs no vector instructions beyond the x86-64 baseline.

/// Rounding term: 0.5 in every lane after a `>> 8`.
@usableFromInline let laneHalf: UInt64 = 0x0080_0080_0080_0080
/// The low byte of every lane.
@usableFromInline let laneLowBytes: UInt64 = 0x00FF_00FF_00FF_00FF
/// The alpha lane.
@usableFromInline let alphaLane: UInt64 = 0xFFFF_0000_0000_0000

/// Spreads 0xAARRGGBB into the lanes B, R, G, A (8-bit values in 16-bit lanes).
@inline(__always)
func expand(_ p: UInt32) -> UInt64 {
    let q = UInt64(p)
    return (q & 0x00FF_00FF) | ((q & 0xFF00_FF00) << 24)
}

/// Packs the low bytes of the four lanes back into 0xAARRGGBB.
@inline(__always)
func compact(_ e: UInt64) -> UInt32 {
    UInt32(truncatingIfNeeded: (e & 0x00FF_00FF) | ((e >> 24) & 0xFF00_FF00))
}

/// Bilinear blend of four pixels with 4-bit fractions `fx`, `fy` (0...15, sixteenths of a
/// pixel). The weights sum to 256, so every lane stays below 65536.
@inline(__always)
func bilinear(_ p00: UInt32, _ p01: UInt32, _ p10: UInt32, _ p11: UInt32, fx: UInt64, fy: UInt64)
    -> UInt32
{
    let w11 = fx &* fy
    let w01 = (fx << 4) &- w11
    let w10 = (fy << 4) &- w11
    let w00 = 256 &- w01 &- w10 &- w11
    let s =
        expand(p00) &* w00 &+ expand(p01) &* w01 &+ expand(p10) &* w10 &+ expand(p11) &* w11
        &+ laneHalf
    return compact(s >> 8)
}

/// Bilinear blend with SSE2-sized vectors: `p` points at the top-left of two horizontally adjacent
/// pixels, `rowStep` bytes below are the other two. `weights` holds 16 − fx in lanes 0...3 and fx
/// in lanes 4...7; `fy` is the vertical fraction in sixteenths.
@inline(__always)
func bilinearPairs(_ p: UnsafeRawPointer, rowStep: Int, weights hw: SIMD8<UInt16>, fy: UInt16)
    -> UInt32
{
    let top = widened(p.loadUnaligned(as: SIMD8<UInt8>.self))
    let bottom = widened((p + rowStep).loadUnaligned(as: SIMD8<UInt8>.self))
    let s = top &* (hw &* SIMD8(repeating: 16 &- fy)) &+ bottom &* (hw &* SIMD8(repeating: fy))
    let sum = (s.lowHalf &+ s.highHalf &+ 128) &>> 8
    let bytes = SIMD4(
        UInt8(truncatingIfNeeded: sum[0]), UInt8(truncatingIfNeeded: sum[1]),
        UInt8(truncatingIfNeeded: sum[2]), UInt8(truncatingIfNeeded: sum[3]))
    return unsafeBitCast(bytes, to: UInt32.self)
}

/// The same blend, left as four 16-bit lanes in memory order (B, G, R, A), each 0...255, so a
/// modulation can follow without packing and unpacking.
@inline(__always)
func bilinearLanes(_ p: UnsafeRawPointer, rowStep: Int, weights hw: SIMD8<UInt16>, fy: UInt16)
    -> SIMD4<UInt16>
{
    let top = widened(p.loadUnaligned(as: SIMD8<UInt8>.self))
    let bottom = widened((p + rowStep).loadUnaligned(as: SIMD8<UInt8>.self))
    let s = top &* (hw &* SIMD8(repeating: 16 &- fy)) &+ bottom &* (hw &* SIMD8(repeating: fy))
    return (s.lowHalf &+ s.highHalf &+ 128) &>> 8
}

/// A pixel's channels as 16-bit lanes in memory order (B, G, R, A).
@inline(__always)
func lanes(_ p: UInt32) -> SIMD4<UInt16> {
    widened(SIMD8(lowHalf: unsafeBitCast(p, to: SIMD4<UInt8>.self), highHalf: .zero)).lowHalf
}

/// Lanes (each 0...255) packed back into a pixel.
@inline(__always)
func packed(_ l: SIMD4<UInt16>) -> UInt32 {
    unsafeBitCast(narrowed(SIMD8(lowHalf: l, highHalf: .zero)).lowHalf, to: UInt32.self)
}

/// The multipliers `modulate` applies, as lanes: colour for B, G, R and alpha for A.
@inline(__always)
func modulation(colour: UInt64, alpha: UInt64) -> SIMD4<UInt16> {
    let c = UInt16(truncatingIfNeeded: colour), a = UInt16(truncatingIfNeeded: alpha)
    return SIMD4(c, c, c, a)
}

/// `modulate` on lanes: each lane times its multiplier (0...256), rounded, shifted by 8. Equal to
/// `modulate` bit for bit.
@inline(__always)
func modulateLanes(_ l: SIMD4<UInt16>, _ m: SIMD4<UInt16>) -> SIMD4<UInt16> {
    (l &* m &+ 128) &>> 8
}

/// `s` OVER `d`, both premultiplied: d · (255 − αs) / 255 + s, rounded exactly like cairo's
/// `x/255` (add 128, add the high byte, shift).
@inline(__always)
func over(_ s: UInt32, _ d: UInt32) -> UInt32 {
    let ia = UInt64(255 &- (s >> 24))
    var t = expand(d) &* ia &+ laneHalf
    t = (t &+ ((t >> 8) & laneLowBytes)) >> 8
    return s &+ compact(t)
}

/// Scales the colour lanes by `colour`/256 and the alpha lane by `alpha`/256 (both 0...256):
/// opacity, coverage and a black dim overlay in one multiply pair. `colour ≤ alpha` keeps the
/// result a valid premultiplied pixel.
@inline(__always)
func modulate(_ p: UInt32, colour: UInt64, alpha: UInt64) -> UInt32 {
    let e = expand(p)
    let c = e &* colour &+ laneHalf
    let a = e &* alpha &+ laneHalf
    return compact(((c & ~alphaLane) | (a & alphaLane)) >> 8)
}

/// `put` for a pixel still in lanes.
@inline(__always)
func putLanes(_ l: SIMD4<UInt16>, _ d: UnsafeMutablePointer<UInt32>) {
    let p = packed(l)
    if p >= 0xFF00_0000 {
        d.pointee = p
    } else {
        // OVER with a fully transparent pixel leaves d exactly as it was, as `put` does. The
        // alpha is spread by arithmetic: extracting a lane makes LLVM scalarise the vector code.
        let a = (unsafeBitCast(l, to: UInt64.self) >> 48) &* 0x0001_0001_0001_0001
        var t = lanes(d.pointee) &* (255 &- unsafeBitCast(a, to: SIMD4<UInt16>.self)) &+ 128
        t = (t &+ (t &>> 8)) &>> 8
        d.pointee = packed(l &+ t)
    }
}

/// Writes `p` onto `d`: stores opaque pixels, skips transparent ones, blends the rest.
@inline(__always)
func put(_ p: UInt32, _ d: UnsafeMutablePointer<UInt32>) {
    if p >= 0xFF00_0000 {
        d.pointee = p
    } else if p != 0 {
        d.pointee = over(p, d.pointee)
    }
}

/// A straight RGBA colour as a premultiplied ARGB32 pixel (components clamped to 0...1; NaN → 0).
func premultipliedPixel(_ c: RGBA) -> UInt32 {
    func unit(_ v: Double) -> Double { v > 0 ? (v < 1 ? v : 1) : 0 }
    let a = unit(c.alpha)
    func byte(_ v: Double) -> UInt32 { UInt32((unit(v) * a * 255).rounded()) }
    let alpha = UInt32((a * 255).rounded())
    return alpha << 24 | byte(c.red) << 16 | byte(c.green) << 8 | byte(c.blue)
}
