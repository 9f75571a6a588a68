// Two pixels at a time in one SSE2-sized vector: lanes B, G, R, A of the first pixel, then of the
// second, 16 bits each. Every function gives, bit for bit, what the one-pixel arithmetic of
// PixelMath.swift gives for each pixel, so the fast loops and the generic ones agree exactly.

// Widening and narrowing are written lane by lane: LLVM turns these into one punpcklbw or
// packuswb, while the standard library's generic `init(truncatingIfNeeded:)` is sometimes left
// as a call per use, which costs more than the arithmetic around it.

/// Bytes to 16-bit lanes.
@inline(__always)
func widened(_ b: SIMD8<UInt8>) -> SIMD8<UInt16> {
    SIMD8(
        UInt16(b[0]), UInt16(b[1]), UInt16(b[2]), UInt16(b[3]), UInt16(b[4]), UInt16(b[5]),
        UInt16(b[6]), UInt16(b[7]))
}

/// 16-bit lanes (each 0...255) to bytes.
@inline(__always)
func narrowed(_ w: SIMD8<UInt16>) -> SIMD8<UInt8> {
    SIMD8(
        UInt8(truncatingIfNeeded: w[0]), UInt8(truncatingIfNeeded: w[1]),
        UInt8(truncatingIfNeeded: w[2]),
        UInt8(truncatingIfNeeded: w[3]), UInt8(truncatingIfNeeded: w[4]),
        UInt8(truncatingIfNeeded: w[5]),
        UInt8(truncatingIfNeeded: w[6]), UInt8(truncatingIfNeeded: w[7]))
}

/// Two adjacent pixels as lanes.
@inline(__always)
func loadPair(_ p: UnsafeRawPointer) -> SIMD8<UInt16> {
    widened(p.loadUnaligned(as: SIMD8<UInt8>.self))
}

/// Stores two pixels' lanes (each 0...255).
@inline(__always)
func storePair(_ l: SIMD8<UInt16>, _ p: UnsafeMutableRawPointer) {
    p.storeBytes(of: narrowed(l), as: SIMD8<UInt8>.self)
}

/// `modulate` on two pixels at once.
@inline(__always)
func modulatePair(_ l: SIMD8<UInt16>, _ m: SIMD8<UInt16>) -> SIMD8<UInt16> {
    (l &* m &+ 128) &>> 8
}

/// `over` on two pixels at once: `s` (lanes) OVER `d` (lanes), rounded exactly as `over`.
@inline(__always)
func overPair(_ s: SIMD8<UInt16>, _ d: SIMD8<UInt16>) -> SIMD8<UInt16> {
    var t = d &* (255 &- alphas(s)) &+ 128
    t = (t &+ (t &>> 8)) &>> 8
    return s &+ t
}

/// Each pixel's alpha in all four of its lanes. Shifts of 64-bit lanes, not lane extraction:
/// extracting lanes makes LLVM scalarise the arithmetic that feeds them.
@inline(__always)
func alphas(_ s: SIMD8<UInt16>) -> SIMD8<UInt16> {
    var a = unsafeBitCast(s, to: SIMD2<UInt64>.self) &>> 48
    a |= a &<< 16
    a |= a &<< 32
    return unsafeBitCast(a, to: SIMD8<UInt16>.self)
}

/// `overPair` for source pixels whose alpha is known and the same in every pixel (an opaque
/// source under a constant opacity): `ia` holds 255 − that alpha in every lane. Equal to
/// `overPair` for such pixels, without spreading each pixel's alpha.
@inline(__always)
func overPair(_ s: SIMD8<UInt16>, _ d: SIMD8<UInt16>, inverseAlpha ia: SIMD8<UInt16>) -> SIMD8<
    UInt16
> {
    var t = d &* ia &+ 128
    t = (t &+ (t &>> 8)) &>> 8
    return s &+ t
}

/// 255 − the alpha `modulate` gives an opaque pixel under `alpha` (0...256), in every lane.
@inline(__always)
func inverseModulatedAlpha(_ alpha: UInt64) -> SIMD8<UInt16> {
    SIMD8(repeating: 255 &- UInt16(truncatingIfNeeded: (255 &* alpha &+ 128) >> 8))
}

/// Stores four pixels (two pairs) as they are: OVER transparent pixels.
@inline(__always)
func storeQuad(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>, _ d: UnsafeMutablePointer<UInt32>) {
    UnsafeMutableRawPointer(d).storeBytes(
        of: SIMD16(lowHalf: narrowed(a), highHalf: narrowed(b)), as: SIMD16<UInt8>.self)
}

/// Four pixels of a translucent layer with an opaque source OVER the target.
@inline(__always)
func blendQuad(
    _ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>, _ d: UnsafeMutablePointer<UInt32>,
    inverseAlpha ia: SIMD8<UInt16>
) {
    storePair(
        overPair(a, loadPair(UnsafeRawPointer(d)), inverseAlpha: ia), UnsafeMutableRawPointer(d))
    storePair(
        overPair(b, loadPair(UnsafeRawPointer(d + 2)), inverseAlpha: ia),
        UnsafeMutableRawPointer(d + 2))
}

/// True when every pixel of `count` pixels at `p` is opaque.
@inline(__always)
func allOpaque(_ p: UnsafePointer<UInt32>, count: Int) -> Bool {
    var all: UInt32 = 0xFF00_0000
    for i in 0..<count { all &= p[i] }
    return all >= 0xFF00_0000
}

/// `put` for two pixels: both opaque → stored; otherwise blended (OVER with a transparent pixel
/// leaves the target as it was, with an opaque one replaces it: the same as `put`).
@inline(__always)
func putPair(_ s: SIMD8<UInt16>, _ d: UnsafeMutablePointer<UInt32>) {
    let bytes = narrowed(s)
    let bits = unsafeBitCast(bytes, to: UInt64.self)
    if bits & 0xFF00_0000_FF00_0000 == 0xFF00_0000_FF00_0000 {
        UnsafeMutableRawPointer(d).storeBytes(of: bits, as: UInt64.self)
    } else {
        storePair(overPair(s, loadPair(UnsafeRawPointer(d))), UnsafeMutableRawPointer(d))
    }
}

/// `put` for four pixels (two pairs): all opaque → one 16-byte store; otherwise pair by pair.
@inline(__always)
func putQuad(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>, _ d: UnsafeMutablePointer<UInt32>) {
    let bytes = SIMD16(lowHalf: narrowed(a), highHalf: narrowed(b))
    // SIMD == compiles to a loop over the lanes; two 64-bit words do not.
    let words = unsafeBitCast(bytes, to: SIMD2<UInt64>.self)
    if words[0] & words[1] & 0xFF00_0000_FF00_0000 == 0xFF00_0000_FF00_0000 {
        UnsafeMutableRawPointer(d).storeBytes(of: bytes, as: SIMD16<UInt8>.self)
    } else {
        storePair(overPair(a, loadPair(UnsafeRawPointer(d))), UnsafeMutableRawPointer(d))
        storePair(overPair(b, loadPair(UnsafeRawPointer(d + 2))), UnsafeMutableRawPointer(d + 2))
    }
}

/// Sums the left and right halves of two weighted pairs into two finished pixels: `a` holds the
/// weighted left and right source pixels of the first output pixel, `b` of the second. The sums
/// are rounded and shifted as `bilinearPairs` does.
@inline(__always)
func finishPair(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>) -> SIMD8<UInt16> {
    let left = SIMD8(lowHalf: a.lowHalf, highHalf: b.lowHalf)
    let right = SIMD8(lowHalf: a.highHalf, highHalf: b.highHalf)
    return (left &+ right &+ 128) &>> 8
}

/// The vertical blend of two rows of a source pixel pair, in sixteenths:
/// top · (16 − fy) + bottom · fy, each lane 0...4080 (exact in wrapping 16-bit arithmetic).
@inline(__always)
func verticalPair(_ top: SIMD8<UInt16>, _ bottom: SIMD8<UInt16>, fy: SIMD8<UInt16>) -> SIMD8<UInt16>
{
    (top &<< 4) &+ (bottom &- top) &* fy
}

/// A compile-time switch for the specialised loops: each combination of switches is its own
/// specialisation, so no loop tests a flag per pixel (runtime flags were not hoisted once the
/// loop was big enough to be outlined).
protocol LoopSwitch { static var isOn: Bool { get } }
enum SwitchOn: LoopSwitch { static var isOn: Bool { true } }
enum SwitchOff: LoopSwitch { static var isOn: Bool { false } }

/// Writes the run x0..<x1 of `row` from `weighted(x, leadsPair)`, the horizontally weighted
/// source pair of output pixel x: four pixels a step (two finished pairs), then one at a time.
/// `leadsPair` is true for the first pixel of each pair and for the tail, where a loop that
/// prefetches asks for the next lines once. The switches choose the store at compile time:
/// `Modulated` applies `m` (opacity and dim), `Fresh` stores over transparent pixels, `Blended`
/// blends with the constant inverse alpha `ia` (an opaque source at opacity < 1), and with
/// `Constant` too adds `ia` as the already blended background. Every mapper (columns, rows,
/// scaled layers) shares this so their stores cannot drift apart.
@inline(__always)
func writeWeightedRun<
    Modulated: LoopSwitch, Blended: LoopSwitch, Fresh: LoopSwitch, Constant: LoopSwitch
>(
    _ row: UnsafeMutablePointer<UInt32>, _ x0: Int, _ x1: Int, _ m: SIMD8<UInt16>,
    _ ia: SIMD8<UInt16>,
    _: Modulated.Type, _: Blended.Type, _: Fresh.Type, _: Constant.Type,
    weighted: (_ x: Int, _ leadsPair: Bool) -> SIMD8<UInt16>
) {
    let modulated = Modulated.isOn
    var x = x0
    while x &+ 4 <= x1 {
        var a = finishPair(weighted(x, true), weighted(x &+ 1, false))
        var b = finishPair(weighted(x &+ 2, true), weighted(x &+ 3, false))
        if modulated {
            a = modulatePair(a, m)
            b = modulatePair(b, m)
        }
        if Fresh.isOn {
            storeQuad(a, b, row + x)
        } else if Blended.isOn && Constant.isOn {
            storeQuad(a &+ ia, b &+ ia, row + x)
        } else if Blended.isOn {
            blendQuad(a, b, row + x, inverseAlpha: ia)
        } else {
            putQuad(a, b, row + x)
        }
        x &+= 4
    }
    while x < x1 {
        let w = weighted(x, true)
        var s = (w.lowHalf &+ w.highHalf &+ 128) &>> 8
        if modulated { s = modulateLanes(s, m.lowHalf) }
        if Fresh.isOn { row[x] = packed(s) } else { putLanes(s, row + x) }
        x &+= 1
    }
}
