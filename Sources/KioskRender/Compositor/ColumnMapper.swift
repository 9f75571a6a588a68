// Ownership: ColumnMapper reads per-column tables in the LayerCompositor's scratch memory and a
// source surface's pixels, both valid for one layer of one compose call; `verticalWeights` is a
// table allocated once for the process and never freed.

/// fy (0...16) broadcast to eight lanes, 16-byte aligned: one load instead of a broadcast.
nonisolated(unsafe) let verticalWeights: UnsafeMutablePointer<SIMD8<UInt16>> = {
    let table = UnsafeMutablePointer<SIMD8<UInt16>>.allocate(capacity: 17)
    for fy in 0...16 { (table + fy).initialize(to: SIMD8(repeating: UInt16(fy))) }
    return table
}()

/// One column's entry of the column loop's fast path: v at row 0's centre and its step per row
/// (fixed point), the address of the left source column's top pixel, and the (16 − fx, fx)
/// weights.
struct ColumnEntry {
    var v0: Int
    var dv: Int
    var top: UnsafeRawPointer
    var unused: Int
    var weights: SIMD8<UInt16>
}

/// The divisor depends only on the column (rotations about a vertical axis: the cube): down each
/// column both coordinates step by a per-column constant, precomputed once per layer.
///
/// When the source column is the same all the way down (a pure rotation about a vertical axis)
/// and the source is at least two pixels wide, the fully covered run of a row takes a fast path:
/// one record per column (v, its step, the column's address, horizontal weights) leaves a
/// multiply-add and a vertical-then-horizontal vector blend per pixel, four pixels per step.
/// Runs whose every column's v is provably inside the surface skip the clamp.
struct ColumnMapper: SpanMapper {
    /// Per column (indexed by absolute x): u at row 0's centre and its step per row.
    let u0: UnsafeMutablePointer<Int>
    let du: UnsafeMutablePointer<Int>
    /// Per column (indexed by absolute x): the fast path's record, whose v0 and dv the generic
    /// path also uses.
    let entries: UnsafeMutablePointer<ColumnEntry>
    let fast: Bool
    let source: BilinearSource
    /// Every source pixel is opaque: under a constant opacity, OVER needs no per-pixel alpha.
    let opaqueSource: Bool
    /// The same fast path on the page's layout for turning, when it has one: stores over
    /// transparent pixels go through the pair kernels.
    let pairs: PairRun?
    var y = 0

    /// Bytes of scratch memory per column (the pair run's tables last).
    static let bytesPerColumn =
        MemoryLayout<ColumnEntry>.stride + 2 * MemoryLayout<Int>.stride + PairRun.bytesPerColumn

    /// Fills the tables for columns x0..<x1; `scratch` holds
    /// `bytesPerColumn · (x1 − x0)` bytes, 16-byte aligned.
    /// `pairLayout`, `tier`: the page's layout for turning and the pair kernels' tier (nil:
    /// the row-major loop only); `width`, `height`: the source's size.
    init(
        _ n: Homography, x0: Int, x1: Int, scratch: UnsafeMutableRawPointer,
        source: BilinearSource, allowFast: Bool = true, opaqueSource: Bool = false,
        pairLayout: PairLayout? = nil, tier: PairTier? = nil, width: Int = 0, height: Int = 0
    ) {
        self.opaqueSource = opaqueSource
        let count = x1 - x0
        // The records first: they need 16-byte alignment, the Ints after them only 8.
        // Shift the bases so that index x (absolute) reads column x − x0.
        entries = scratch.bindMemory(to: ColumnEntry.self, capacity: count) - x0
        let ints = (scratch + count * MemoryLayout<ColumnEntry>.stride).bindMemory(
            to: Int.self, capacity: 2 * count)
        u0 = ints - x0
        du = ints + count - x0
        self.source = source
        var constantU = true
        let base = UnsafeRawPointer(source.base)
        for x in x0..<x1 {
            let xc = Double(x) + 0.5
            let den = n.g * xc + n.i
            let r = den > 1e-12 ? 1 / den : 0
            u0[x] = toFixed((n.a * xc + n.b * 0.5 + n.c) * r)
            du[x] = toFixed(n.b * r)
            if du[x] != 0 { constantU = false }
            let (c, fx) = source.column(u0[x])
            (entries + x).initialize(
                to: ColumnEntry(
                    v0: toFixed((n.d * xc + n.e * 0.5 + n.f) * r), dv: toFixed(n.e * r),
                    top: base + c &* 4, unused: 0,
                    weights: SIMD8(
                        lowHalf: SIMD4(repeating: 16 &- fx), highHalf: SIMD4(repeating: fx))))
        }
        fast = allowFast && constantU && source.columnStep == 1
        let entries = self.entries, u0 = self.u0
        pairs =
            fast
            ? pairLayout.flatMap { layout in
                tier.flatMap { tier in
                    PairRun(
                        pairs: layout, tier: tier, source: source, width: width, height: height,
                        x0: x0, x1: x1,
                        scratch: scratch + count
                            * (ColumnMapper.bytesPerColumn - PairRun.bytesPerColumn)
                    ) { x in
                        let (c, fx) = source.column(u0[x])
                        return (entries[x].v0, entries[x].dv, c, fx)
                    }
                }
            } : nil
    }

    /// True when every column of x0..<x1 (not empty) has v in 0...vMax on the current row, so
    /// the fast loop needs no clamp. Along a row the exact v is a ratio of linear functions of x
    /// (monotonic where the layer is drawn), and the table's v differs from it by less than
    /// 2^13 units (rounding of v0, and of dv times the row): both ends at least 2^16 inside the
    /// range put every column between inside it.
    @inline(__always)
    func isSafe(_ x0: Int, _ x1: Int) -> Bool {
        let y = self.y, margin = 1 << 16, top = source.vMax &- margin
        guard y >= 0, y < 1 << 20 else { return false }
        let a = entries[x0].v0 &+ entries[x0].dv &* y
        let b = entries[x1 &- 1].v0 &+ entries[x1 &- 1].dv &* y
        return a >= margin && a <= top && b >= margin && b <= top
    }

    @inline(__always)
    mutating func startRow(_ y: Int) { self.y = y }

    @inline(__always)
    func coordinates(_ x: Int) -> (u: Int, v: Int) {
        (u0[x] &+ du[x] &* y, entries[x].v0 &+ entries[x].dv &* y)
    }

    /// From the page's layout for turning when it has one: the same taps and weights (the run's
    /// tables hold this column's own), one 16-byte load from a pair column the rows above
    /// and below read too. From the row-major page each edge pixel read two rows a whole page
    /// row apart, a cache miss per pixel, down every edge of the face: 14 % of a 1080p cube
    /// frame's time in the AVX2 tiles' build.
    @inline(__always)
    func sample<S: PixelSource>(_ x: Int, from source: S) -> UInt32 {
        if let pairs, let p = pairs.sample(x, y: y) { return p }
        let (u, v) = coordinates(x)
        return source.sample(u, v)
    }

    @inline(__always)
    func drawInterior(
        _ row: UnsafeMutablePointer<UInt32>, from x0: Int, to x1: Int, colour: UInt64,
        alpha: UInt64, fresh: Bool
    ) -> Bool {
        guard fast else { return false }
        if fresh, let pairs, pairs.draw(row, from: x0, to: x1, y: y, colour: colour, alpha: alpha) {
            return true
        }
        let modulated = colour != 256 || alpha != 256
        let m = modulation(colour: colour, alpha: alpha)
        let m2 = SIMD8(lowHalf: m, highHalf: m)
        let safe = isSafe(x0, x1)
        // One specialisation per case, so no switch costs anything per pixel.
        if fresh {
            switch (safe, modulated) {
            case (true, false):
                run(
                    row, x0, x1, m2, .zero, SwitchOff.self, SwitchOff.self, SwitchOff.self,
                    SwitchOn.self)
            case (false, false):
                run(
                    row, x0, x1, m2, .zero, SwitchOn.self, SwitchOff.self, SwitchOff.self,
                    SwitchOn.self)
            case (true, true):
                run(
                    row, x0, x1, m2, .zero, SwitchOff.self, SwitchOn.self, SwitchOff.self,
                    SwitchOn.self)
            case (false, true):
                run(
                    row, x0, x1, m2, .zero, SwitchOn.self, SwitchOn.self, SwitchOff.self,
                    SwitchOn.self)
            }
            return true
        }
        let blend = modulated && opaqueSource && alpha < 256 ? inverseModulatedAlpha(alpha) : nil
        switch (safe, modulated) {
        case (true, false):
            run(
                row, x0, x1, m2, .zero, SwitchOff.self, SwitchOff.self, SwitchOff.self,
                SwitchOff.self)
        case (false, false):
            run(
                row, x0, x1, m2, .zero, SwitchOn.self, SwitchOff.self, SwitchOff.self,
                SwitchOff.self)
        case (true, true):
            if let ia = blend {
                run(
                    row, x0, x1, m2, ia, SwitchOff.self, SwitchOn.self, SwitchOn.self,
                    SwitchOff.self)
            } else {
                run(
                    row, x0, x1, m2, .zero, SwitchOff.self, SwitchOn.self, SwitchOff.self,
                    SwitchOff.self)
            }
        case (false, true):
            if let ia = blend {
                run(
                    row, x0, x1, m2, ia, SwitchOn.self, SwitchOn.self, SwitchOn.self, SwitchOff.self
                )
            } else {
                run(
                    row, x0, x1, m2, .zero, SwitchOn.self, SwitchOn.self, SwitchOff.self,
                    SwitchOff.self)
            }
        }
        return true
    }

    /// The run x0..<x1: `Clamped` clamps v (the run may leave the surface), `Modulated` applies
    /// `m`, `Blended` blends with the constant inverse alpha `ia` (opaque source, opacity < 1),
    /// `Fresh` stores without blending (the target pixels are transparent).
    @inline(never)
    private func run<
        Clamped: LoopSwitch, Modulated: LoopSwitch, Blended: LoopSwitch, Fresh: LoopSwitch
    >(
        _ row: UnsafeMutablePointer<UInt32>, _ x0: Int, _ x1: Int, _ m: SIMD8<UInt16>,
        _ ia: SIMD8<UInt16>,
        _: Clamped.Type, _: Modulated.Type, _: Blended.Type, _: Fresh.Type
    ) {
        let clamped = Clamped.isOn
        let strideBytes = source.stridePixels &* 4
        let rowBytes = source.rowStep &* 4
        let y = self.y
        // Down the source when v grows with y, up it on a display turned by 180°.
        let ahead = entries[x0].dv < 0 ? -3 &* rowBytes : 3 &* rowBytes
        let fyTable = UnsafeRawPointer(verticalWeights)
        // One output pixel's two source pixels, blended vertically and weighted horizontally.
        @inline(__always) func weighted(_ x: Int, prefetching: Bool) -> SIMD8<UInt16> {
            let e = entries + x
            let v = e.pointee.v0 &+ e.pointee.dv &* y
            let p: UnsafeRawPointer, fy: SIMD8<UInt16>
            if clamped {
                let (r, f) = source.row(v)
                p = e.pointee.top + r &* strideBytes
                fy = fyTable.load(fromByteOffset: Int(f) &* 16, as: SIMD8<UInt16>.self)
            } else {
                // 0 ≤ v ≤ vMax: the row is v's integer part and fy its first four fraction bits
                // (times 16 bytes: the offset of fy's broadcast vector in the table).
                p = e.pointee.top + (v >> fixedBits) &* strideBytes
                fy = fyTable.load(
                    fromByteOffset: (v >> (fixedBits - 8)) & 0xF0, as: SIMD8<UInt16>.self)
            }
            // The rows of later output rows: rotated layers walk the source in a staircase the
            // hardware prefetchers do not follow. One request per pair covers both pixels' line.
            if prefetching { prefetch(p + ahead) }
            return verticalPair(loadPair(p), loadPair(p + rowBytes), fy: fy) &* e.pointee.weights
        }
        writeWeightedRun(
            row, x0, x1, m, ia, Modulated.self, Blended.self, Fresh.self, SwitchOff.self
        ) {
            weighted($0, prefetching: $1)
        }
    }
}
