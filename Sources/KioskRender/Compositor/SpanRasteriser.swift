// Ownership: works on raw pointers into the target and source ImageBuffers, which the caller
// (LayerCompositor.compose) keeps alive for the whole call.
import CPixelKernels

/// Draws one planned layer row by row: an exactly covered middle run through the fast loop, and
/// the antialiased pixels at the quad's edges with analytic coverage.
enum SpanRasteriser {
    /// Coverage of one edge: the pixel's signed distance from it plus a half, clamped to 0...1.
    /// The product over the four edges is the pixel's coverage.
    @inline(__always)
    static func coverage(_ plan: LayerPlan, x: Int, rowTerm: SIMD4<Double>) -> Double {
        let d = plan.nx * (Double(x) + 0.5) + rowTerm
        // Lane by lane: SIMD4's `clamped` is a call per edge pixel (not specialised inline).
        @inline(__always) func unit(_ v: Double) -> Double { v < 0 ? 0 : (v > 1 ? 1 : v) }
        return unit(d[0]) * unit(d[1]) * unit(d[2]) * unit(d[3])
    }

    /// `x.rounded()` for 0 ≤ x < 2^52, without libm's `round` call (a call per edge pixel on
    /// the x86-64 baseline, which has no rounding instruction) or a checked conversion: x + 0.5
    /// truncated is the same for every such x but the one just below 0.5, whose sum rounds up
    /// to 1 (`ks_rounded_multiplier`).
    @inline(__always)
    static func roundedMultiplier(_ x: Double) -> UInt64 { ks_rounded_multiplier(x) }

    /// Each edge's distance term for row `y` (its +0.5 coverage ramp included): with it, an edge's
    /// signed distance at pixel x is `plan.nx · (x + 0.5) + rowTerm`.
    @inline(__always)
    static func rowTerm(_ plan: LayerPlan, y: Int) -> SIMD4<Double> {
        plan.ny * (Double(y) + 0.5) + plan.c + 0.5
    }

    /// The pixel columns of row `y` with some coverage and with full coverage (`LayerDrawer`
    /// keeps the fixed edges' bounds instead of working them out per row).
    static func spans(_ plan: LayerPlan, y: Int) -> RowSpans {
        bounds(plan, y: y, fixed: EdgeBounds.fixed(plan)).spans(box: plan.box)
    }

    /// What the edges allow of row `y`, with those whose distance term is the same on every
    /// row (a vertical edge: ny = 0) already in `fixed` (`EdgeBounds.fixed`): half the
    /// divisions on a cube face, whose sides are vertical.
    @inline(__always)
    static func bounds(_ plan: LayerPlan, y: Int, fixed: EdgeBounds) -> EdgeBounds {
        var bounds = fixed
        let rowTerm = rowTerm(plan, y: y)
        // Edge by edge with constant lanes: a loop's variable lane index went through memory.
        @inline(__always) func take(_ k: Int) {
            if plan.ny[k] != 0 { bounds.add(a: plan.nx[k], r: rowTerm[k]) }
        }
        take(0)
        take(1)
        take(2)
        take(3)
        return bounds
    }

    /// The fully covered pixels of row `y` (empty when none).
    @inline(__always)
    static func interior(_ plan: LayerPlan, y: Int) -> Range<Int> { spans(plan, y: y).interior }

    /// Draws the pixels `lo..<hi` of row `y` of the layer, whose `spans` on that row are given
    /// (worked out once per row and layer: the occlusion pass needs them too); `row` points at
    /// the target row's first pixel, and `mapper` has started row `y`. `fresh`: those pixels are
    /// transparent (a specialised loop stores, not blends). `background`: those pixels all hold
    /// this pixel (a specialised loop may blend without reading them).
    @inline(__always)
    static func drawRow<M: SpanMapper, S: PixelSource>(
        _ plan: LayerPlan, y: Int, spans: RowSpans, mapper: inout M, source: S,
        row: UnsafeMutablePointer<UInt32>, from lo: Int, to hi: Int,
        fresh: Bool = false, background: UInt32? = nil
    ) {
        var s = spans
        s.o0 = s.o0 < lo ? lo : s.o0
        s.o1 = s.o1 > hi ? hi : s.o1
        guard s.o0 < s.o1 else { return }
        s.i0 = clamped(s.i0, s.o0, s.o1)
        s.i1 = clamped(s.i1, s.i0, s.o1)
        let colour = plan.colour, alpha = plan.alpha
        let edge = EdgePixels(plan, y: y, row: row)
        @inline(__always) func edgePixel(_ x: Int) {
            edge.draw(x) { mapper.sample(x, from: source) }
        }
        for x in s.o0..<s.i0 { edgePixel(x) }
        if s.i0 == s.i1 {
            // No interior here (the row pass beside a turning face's tiles): no loop to set up.
        } else if let background, !fresh,
            mapper.drawInterior(
                row, from: s.i0, to: s.i1, colour: colour, alpha: alpha, overBackground: background)
        {
            // Done by the mapper's specialised loop.
        } else if background == nil || fresh,
            mapper.drawInterior(
                row, from: s.i0, to: s.i1, colour: colour, alpha: alpha, fresh: fresh)
        {
            // Done by the mapper's specialised loop.
        } else if colour != 256 || alpha != 256 {
            for x in s.i0..<s.i1 {
                let (u, v) = mapper.coordinates(x)
                put(modulate(source.sample(u, v), colour: colour, alpha: alpha), row + x)
            }
        } else {
            for x in s.i0..<s.i1 {
                let (u, v) = mapper.coordinates(x)
                put(source.sample(u, v), row + x)
            }
        }
        for x in s.i1..<s.o1 { edgePixel(x) }
    }
}

extension SpanRasteriser {
    /// One row's antialiased pixels of a layer: each its sample scaled by its coverage (colour
    /// and alpha alike, with the layer's own factors) and put over what the row holds.
    struct EdgePixels {
        let plan: LayerPlan
        let rowTerm: SIMD4<Double>
        let colourScale: Double
        let alphaScale: Double
        let row: UnsafeMutablePointer<UInt32>

        @inline(__always)
        init(_ plan: LayerPlan, y: Int, row: UnsafeMutablePointer<UInt32>) {
            self.plan = plan
            rowTerm = SpanRasteriser.rowTerm(plan, y: y)
            colourScale = plan.colourFactor * 256
            alphaScale = plan.alphaFactor * 256
            self.row = row
        }

        /// Pixel `x`, sampled by `sample` only when it has some coverage.
        @inline(__always)
        func draw(_ x: Int, sample: () -> UInt32) {
            let cov = SpanRasteriser.coverage(plan, x: x, rowTerm: rowTerm)
            guard cov > 0 else { return }
            let p = modulate(
                sample(), colour: SpanRasteriser.roundedMultiplier(cov * colourScale),
                alpha: SpanRasteriser.roundedMultiplier(cov * alphaScale))
            put(p, row + x)
        }
    }
}

/// The pixel columns of one row of a layer: some coverage in `o0..<o1`, full coverage in
/// `i0..<i1` (inside the outer run; both empty when the row misses the layer).
struct RowSpans {
    var o0: Int
    var o1: Int
    var i0: Int
    var i1: Int

    static let empty = RowSpans(o0: 0, o1: 0, i0: 0, i1: 0)

    /// The fully covered pixels (empty when none).
    var interior: Range<Int> { i0..<max(i0, i1) }
}

/// What a layer's edges allow of one row before rounding to pixels: coverage > 0 from `outerLo`
/// to `outerHi`, coverage 1 from `innerLo` to `innerHi` (pixel indices, fractional). Each edge
/// only narrows them (maxima and minima), so edges may be added in any order, and the box is
/// applied last (`spans(box:)`): the runs of one face (`MinifiedRuns`), boxes side by side
/// with the same edges, share one row's bounds.
struct EdgeBounds {
    var outerLo = -Double.infinity
    var outerHi = Double.infinity
    var innerLo = -Double.infinity
    var innerHi = Double.infinity
    /// An edge leaves nothing of the row.
    var missed = false

    /// The bounds with `plan`'s edges that are the same on every row (ny = 0: rowTerm is c + 0.5
    /// exactly, 0 · y adding nothing).
    static func fixed(_ plan: LayerPlan) -> EdgeBounds {
        var bounds = EdgeBounds()
        let rowTerm = SpanRasteriser.rowTerm(plan, y: 0)
        for k in 0..<4 where plan.ny[k] == 0 { bounds.add(a: plan.nx[k], r: rowTerm[k]) }
        return bounds
    }

    /// Narrows the bounds by one edge: signed distance a · (x + 0.5) + r at pixel x, where r
    /// already holds the +0.5 of the coverage ramp (coverage > 0 ⇔ d > 0, coverage = 1 ⇔ d ≥ 1).
    @inline(__always)
    mutating func add(a: Double, r: Double) {
        if abs(a) < 1e-12 {
            if r <= 0 { missed = true }
            if r < 1 { innerHi = -Double.infinity }
            return
        }
        let zero = -r / a - 0.5, one = (1 - r) / a - 0.5
        if a > 0 {
            outerLo = max(outerLo, zero)
            innerLo = max(innerLo, one)
        } else {
            outerHi = min(outerHi, zero)
            innerHi = min(innerHi, one)
        }
    }

    /// The pixel runs within `box` (`rounded().spans(box:)`).
    @inline(__always)
    func spans(box: PixelBox) -> RowSpans { rounded().spans(box: box) }

    /// The bounds rounded to pixel columns: outer outward (extra pixels get coverage 0), inner
    /// inward. A pixel exactly at coverage 1 is inside: two cube faces meeting on a pixel
    /// boundary (the cube at 45°) both cover the pixel beside it fully, and rounding it out of
    /// both runs left a one-pixel gap that kept the face at the back out of the occlusion pass.
    /// (Coverage within 1e-9 of 1 draws the same pixel as the interior loop.) Rounded once per
    /// row for all the runs of a face: each then clamps integers to its box, which is what
    /// clamping the bounds to the box before rounding gives (the box's ends are integers).
    @inline(__always)
    func rounded() -> RoundedEdges {
        // floor and ceil within ±2^40, clamped first (a NaN gives the low end, which every box
        // clamps as it clamped the NaN): one unchecked truncation each (`ks_floor_within`), no
        // libm call (the x86-64 baseline has no rounding instruction) and no range check.
        let far = 1_099_511_627_776.0
        return RoundedEdges(
            outerLo: Int(ks_floor_within(outerLo, -far, far)),
            outerHi: Int(ks_floor_within(outerHi, -far, far)),
            innerLo: Int(ks_ceil_within(innerLo - 1e-9, -far, far)),
            innerHi: Int(ks_floor_within(innerHi + 1e-9, -far, far)), missed: missed)
    }
}

/// A row's edge bounds in whole pixel columns (`EdgeBounds.rounded`): the first and last
/// columns with some coverage (`outerLo`, `outerHi`) and with full coverage (`innerLo`,
/// `innerHi`), before any box.
struct RoundedEdges {
    var outerLo: Int
    var outerHi: Int
    var innerLo: Int
    var innerHi: Int
    var missed: Bool

    /// The pixel runs within `box`. Only the edges bound the inner run; the box's own ends (a
    /// clip, the output) clamp it, so a fully covered pixel at the box's end counts as inner too.
    @inline(__always)
    func spans(box: PixelBox) -> RowSpans {
        if missed { return .empty }
        let lo = box.x0, hi = box.x1
        let o0 = clamped(outerLo, lo, hi), o1 = clamped(outerHi, lo - 1, hi - 1) + 1
        guard o0 < o1 else { return .empty }
        var i0 = larger(clamped(innerLo, lo, hi), o0)
        var i1 = smaller(clamped(innerHi, lo - 1, hi - 1) + 1, o1)
        if i0 >= i1 {
            i0 = o1
            i1 = o1
        }
        return RowSpans(o0: o0, o1: o1, i0: i0, i1: i1)
    }
}
