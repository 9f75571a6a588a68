// Ownership: works on raw pointers into the target and source ImageBuffers, which the caller
// (LayerCompositor.compose) keeps alive for the whole call.

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
    /// the x86-64 baseline, which has no rounding instruction). x + 0.5 truncated is the same
    /// for every such x but the one just below 0.5, whose sum rounds up to 1.
    @inline(__always)
    static func roundedMultiplier(_ x: Double) -> UInt64 { x < 0.5 ? 0 : UInt64(x + 0.5) }

    /// The pixel columns of row `y` with some coverage (`outer`) and with full coverage (`inner`).
    @inline(__always)
    static func spans(_ plan: LayerPlan, rowTerm: SIMD4<Double>) -> (
        o0: Int, o1: Int, i0: Int, i1: Int
    ) {
        let box = plan.box
        var outerLo = Double(box.x0), outerHi = Double(box.x1 - 1)
        // Only the edges bound the inner run; the box's own ends (a clip, the output) are
        // clamped below, so a fully covered pixel at the box's end counts as inner too.
        var innerLo = -Double.infinity, innerHi = Double.infinity
        for k in 0..<4 {
            let a = plan.nx[k]
            // rowTerm already holds the +0.5 of the coverage ramp: coverage > 0 ⇔ d > 0,
            // coverage = 1 ⇔ d ≥ 1, with d = a · (x + 0.5) + rowTerm.
            let r = rowTerm[k]
            if abs(a) < 1e-12 {
                if r <= 0 { return (0, 0, 0, 0) }
                if r < 1 { innerHi = -Double.infinity }
                continue
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
        // Outer rounds outward (extra pixels get coverage 0), inner rounds inward.
        let lo = Double(box.x0), hi = Double(box.x1)
        func clampInt(_ v: Double) -> Int { Int(v > lo ? (v < hi ? v : hi) : lo) }
        let o0 = clampInt(outerLo.rounded(.down))
        let o1 = clampInt(outerHi.rounded(.down) + 1)
        guard o0 < o1 else { return (0, 0, 0, 0) }
        // A pixel exactly at coverage 1 is inside: two cube faces meeting on a pixel boundary
        // (the cube at 45°) both cover the pixel beside it fully, and rounding it out of both
        // runs left a one-pixel gap that kept the face at the back out of the occlusion pass.
        // (Coverage within 1e-9 of 1 draws the same pixel as the interior loop.)
        var i0 = clampInt((innerLo - 1e-9).rounded(.up))
        var i1 = clampInt((innerHi + 1e-9).rounded(.down) + 1)
        i0 = max(i0, o0)
        i1 = min(i1, o1)
        if i0 >= i1 {
            i0 = o1
            i1 = o1
        }
        return (o0, o1, i0, i1)
    }

    /// The fully covered pixels of row `y` (empty when none).
    @inline(__always)
    static func interior(_ plan: LayerPlan, y: Int) -> Range<Int> {
        let s = spans(plan, rowTerm: plan.ny * (Double(y) + 0.5) + plan.c + 0.5)
        return s.i0..<max(s.i0, s.i1)
    }

    /// Draws the pixels `lo..<hi` of row `y` of the layer; `row` points at the target row's
    /// first pixel. `fresh`: those pixels are transparent (a specialised loop stores, not blends).
    /// `background`: those pixels all hold this pixel (a specialised loop may blend without
    /// reading them).
    @inline(__always)
    static func drawRow<M: SpanMapper, S: PixelSource>(
        _ plan: LayerPlan, y: Int, mapper: inout M, source: S, row: UnsafeMutablePointer<UInt32>,
        from lo: Int, to hi: Int,
        fresh: Bool = false, background: UInt32? = nil
    ) {
        let rowTerm = plan.ny * (Double(y) + 0.5) + plan.c + 0.5
        var s = spans(plan, rowTerm: rowTerm)
        s.o0 = max(s.o0, lo)
        s.o1 = min(s.o1, hi)
        guard s.o0 < s.o1 else { return }
        s.i0 = min(max(s.i0, s.o0), s.o1)
        s.i1 = min(max(s.i1, s.i0), s.o1)
        mapper.startRow(y)
        let colour = plan.colour, alpha = plan.alpha
        let colourScale = plan.colourFactor * 256, alphaScale = plan.alphaFactor * 256
        @inline(__always) func edgePixel(_ x: Int) {
            let cov = coverage(plan, x: x, rowTerm: rowTerm)
            guard cov > 0 else { return }
            let p = modulate(
                mapper.sample(x, from: source), colour: roundedMultiplier(cov * colourScale),
                alpha: roundedMultiplier(cov * alphaScale))
            put(p, row + x)
        }
        for x in s.o0..<s.i0 { edgePixel(x) }
        if let background, !fresh,
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
