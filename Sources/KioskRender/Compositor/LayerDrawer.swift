// Ownership: a drawer holds raw pointers into a layer's surface and the compositor's scratch
// memory; it lives only inside one `LayerCompositor.compose` call.

/// One layer ready to draw, row by row, with the loop its transform class needs.
///
/// A struct with the plan and box beside the loop, not an enum with the plan in every case: the
/// occlusion pass asks each drawer for its box and interior several times a row, and binding an
/// enum's payload copied the whole payload (the plan alone is about 300 bytes) every time.
struct LayerDrawer {
    let plan: LayerPlan
    /// The pixels this drawer may touch: the plan's box, or a copy's exact rows.
    let box: PixelBox
    /// Every pixel of `box` fully covered (a copy): the interior is the box.
    let wholePixels: Bool
    /// What the edges that are the same on every row allow (`EdgeBounds.fixed`).
    let fixedEdges: EdgeBounds
    /// A turning face's run drawn from its page's layout for turning (`PairRun`), kept beside
    /// the loop so the row pass reaches it without binding the loop's payload.
    let turningPairs: PairRun?
    private(set) var loop: Loop

    enum Loop {
        case solid(RowMapper, SolidSource)
        case rows(RowMapper, BilinearSource)
        case columns(ColumnMapper, BilinearSource)
        /// A row-projective layer: each row reads one source row or column (`RowLineMapper`).
        case lines(RowLineMapper, BilinearSource)
        case scaled(ScaleMapper, BilinearSource)
        case projective(ProjectiveMapper, BilinearSource)
        /// A whole-pixel map (a translation, possibly turned or mirrored by the display
        /// transform): every pixel of `box` fully covered.
        case copy(BilinearSource, PixelCopy)
    }

    private init(_ plan: LayerPlan, box: PixelBox? = nil, _ loop: Loop) {
        self.plan = plan
        self.box = box ?? plan.box
        self.loop = loop
        fixedEdges = EdgeBounds.fixed(plan)
        if case .copy = loop { wholePixels = true } else { wholePixels = false }
        if case .columns(let mapper, _) = loop {
            turningPairs = mapper.pairs
        } else {
            turningPairs = nil
        }
    }

    static func solid(_ plan: LayerPlan, _ mapper: RowMapper, _ source: SolidSource) -> Self {
        Self(plan, .solid(mapper, source))
    }
    static func rows(_ plan: LayerPlan, _ mapper: RowMapper, _ source: BilinearSource) -> Self {
        Self(plan, .rows(mapper, source))
    }
    static func columns(_ plan: LayerPlan, _ mapper: ColumnMapper, _ source: BilinearSource)
        -> Self
    { Self(plan, .columns(mapper, source)) }
    static func lines(_ plan: LayerPlan, _ mapper: RowLineMapper, _ source: BilinearSource)
        -> Self
    { Self(plan, .lines(mapper, source)) }
    static func scaled(_ plan: LayerPlan, _ mapper: ScaleMapper, _ source: BilinearSource)
        -> Self
    { Self(plan, .scaled(mapper, source)) }
    static func projective(
        _ plan: LayerPlan, _ mapper: ProjectiveMapper, _ source: BilinearSource
    ) -> Self { Self(plan, .projective(mapper, source)) }
    static func copy(
        _ plan: LayerPlan, _ source: BilinearSource, _ map: PixelCopy, rows: PixelBox
    ) -> Self { Self(plan, box: rows, .copy(source, map)) }

    /// The same drawer with the scale loop's blended row in `rowBuffer` (a band's own memory);
    /// other drawers write nothing but the target and come back unchanged.
    func using(rowBuffer: UnsafeMutableRawPointer) -> LayerDrawer {
        guard case .scaled(var mapper, let source) = loop else { return self }
        mapper.rowBuffer = rowBuffer
        var drawer = self
        drawer.loop = .scaled(mapper, source)
        return drawer
    }

    /// The pixels of row `y` this layer covers partly or fully (a copy covers its box fully).
    @inline(__always)
    func spans(y: Int) -> RowSpans {
        wholePixels
            ? RowSpans(o0: box.x0, o1: box.x1, i0: box.x0, i1: box.x1)
            : edgeBounds(y: y).spans(box: plan.box)
    }

    /// What the layer's edges allow of row `y`, before its box (not for a copy).
    @inline(__always)
    func edgeBounds(y: Int) -> EdgeBounds {
        SpanRasteriser.bounds(plan, y: y, fixed: fixedEdges)
    }

    /// True when `other` has the same edges (another run of the same face): its rows' edge
    /// bounds are this drawer's.
    @inline(__always)
    func sharesEdges(with other: LayerDrawer) -> Bool {
        !wholePixels && !other.wholePixels && plan.nx == other.plan.nx
            && plan.ny == other.plan.ny && plan.c == other.plan.c
    }

    /// True for a turning face drawn from its page's layout for turning (`PairRun`).
    var isTurningFace: Bool { turningPairs != nil }

    /// True when the fully covered pixels go through a specialised loop (or a copy) that can
    /// store over transparent pixels without first clearing them.
    var storesFresh: Bool {
        switch loop {
        case .columns(let m, _): m.fast
        case .lines(let m, _): m.fast
        case .scaled(let m, _): m.fast
        case .copy: true
        case .solid, .rows, .projective: false
        }
    }

    /// Draws the pixels `lo..<hi` of row `y` (inside `box`), except `hidden`; `row` is the
    /// target row's first pixel and `spans` the layer's on row `y` (`spans(y:)`).
    /// `fresh`: those pixels are fully covered and transparent, and `storesFresh` is true.
    /// `background`: the pixels outside `drawn` all hold this pixel (the scale loop then blends
    /// without reading them); nil: no pixel is known to.
    ///
    /// One call per layer and row, however many runs the hidden and drawn pixels cut it into:
    /// the loop's mapper is copied out of the drawer once (its row is set on the copy), and a
    /// row that draws nothing copies nothing. `mutating` though it changes nothing: the drawer
    /// is then passed where it lies, where a call on an array's element (not inlined: the
    /// function is large) first copied all of its 650 bytes.
    @inline(__always)
    mutating func draw(
        y: Int, row: UnsafeMutablePointer<UInt32>, spans: RowSpans, from lo: Int, to hi: Int,
        except hidden: Range<Int> = 0..<0, fresh: Bool = false, background: UInt32? = nil,
        drawn: Range<Int> = 0..<0
    ) {
        // Pixels outside the outer span are never touched: leave them out of every run.
        let lo = max(lo, spans.o0), hi = min(hi, spans.o1)
        guard lo < hi, hidden.isEmpty || lo < hidden.lowerBound || hi > hidden.upperBound
        else { return }
        /// The runs of lo..<hi outside `hidden`, each cut where `drawn` begins and ends.
        @inline(__always) func eachRun(_ body: (Int, Int, UInt32?) -> Void) {
            @inline(__always) func cut(_ a: Int, _ b: Int) {
                guard a < b else { return }
                guard let background, !drawn.isEmpty else { return body(a, b, background) }
                let h0 = min(max(drawn.lowerBound, a), b), h1 = min(max(drawn.upperBound, h0), b)
                if a < h0 { body(a, h0, background) }
                if h0 < h1 { body(h0, h1, nil) }
                if h1 < b { body(h1, b, background) }
            }
            let (before, after) = LayerDrawer.outside(hidden, lo: lo, hi: hi)
            cut(lo, before)
            cut(after, hi)
        }
        @inline(__always) func rows<M: SpanMapper, S: PixelSource>(_ mapper: inout M, _ source: S) {
            mapper.startRow(y)
            eachRun { a, b, background in
                SpanRasteriser.drawRow(
                    plan, y: y, spans: spans, mapper: &mapper, source: source, row: row, from: a,
                    to: b, fresh: fresh, background: background)
            }
        }
        switch loop {
        case .solid(var mapper, let source): rows(&mapper, source)
        case .rows(var mapper, let source): rows(&mapper, source)
        case .columns(var mapper, let source): rows(&mapper, source)
        case .lines(var mapper, let source): rows(&mapper, source)
        case .scaled(var mapper, let source): rows(&mapper, source)
        case .projective(var mapper, let source): rows(&mapper, source)
        case .copy(let source, let map):
            eachRun { a, b, _ in
                var b0 = box
                b0.x0 = max(b0.x0, a)
                b0.x1 = min(b0.x1, b)
                if b0.x0 < b0.x1 {
                    LayerDrawer.copyRow(
                        plan, source: source, map: map, box: b0, y: y, row: row, fresh: fresh)
                }
            }
        }
    }

    /// `draw(y:row:spans:from:to:except:)` for a turning face whose pixels left to draw on
    /// this row are only edge pixels (its interior hidden: drawn by the tile phase), without the
    /// general loop's set-up: the row pass's common case, the same pixels. False, drawing
    /// nothing, when a pixel of its interior is not hidden or the row lies beyond the exact rows
    /// of its run tables; `draw` then draws the row.
    @inline(__always)
    func drawEdges(
        y: Int, row: UnsafeMutablePointer<UInt32>, spans: RowSpans, from lo: Int, to hi: Int,
        except hidden: Range<Int>
    ) -> Bool {
        guard let pairs = turningPairs, y >= 0, y < PairRun.rowLimit else { return false }
        let lo = larger(lo, spans.o0), hi = smaller(hi, spans.o1)
        guard lo < hi else { return true }
        // The pixels outside `hidden`, as `draw` cuts them: lo..<before and after..<hi.
        let (before, after) = LayerDrawer.outside(hidden, lo: lo, hi: hi)
        let interior = larger(spans.i0, spans.i1)
        @inline(__always) func exposed(_ a: Int, _ b: Int) -> Bool {
            larger(a, spans.i0) < smaller(b, interior)
        }
        guard !exposed(lo, before), !exposed(after, hi) else { return false }
        let edge = SpanRasteriser.EdgePixels(plan, y: y, row: row)
        @inline(__always) func edges(_ a: Int, _ b: Int) {
            // The piece's pixels left and right of the interior.
            for x in a..<smaller(b, larger(a, spans.i0)) { edge.draw(x) { pairs.sample(x, y: y)! } }
            for x in larger(a, smaller(b, interior))..<b { edge.draw(x) { pairs.sample(x, y: y)! } }
        }
        if lo < before { edges(lo, before) }
        if after < hi { edges(after, hi) }
        return true
    }

    /// Where the pixels lo..<hi outside `hidden` lie: lo..<before and after..<hi, either empty
    /// (with `hidden` empty: all of them, then none). One rule for `draw` and `drawEdges`.
    @inline(__always)
    static func outside(_ hidden: Range<Int>, lo: Int, hi: Int) -> (before: Int, after: Int) {
        if hidden.isEmpty { return (hi, hi) }
        return (
            larger(lo, smaller(hi, hidden.lowerBound)), smaller(hi, larger(lo, hidden.upperBound))
        )
    }

    /// A whole-pixel map at 1:1 scale: quad edges fall on pixel boundaries, so every pixel is
    /// fully covered and a row of an opaque source is a plain copy (a reversed one when mirrored,
    /// a column of the source after a quarter turn).
    @inline(__always)
    static func copyRow(
        _ plan: LayerPlan, source: BilinearSource, map: PixelCopy, box: PixelBox, y: Int,
        row: UnsafeMutablePointer<UInt32>, fresh: Bool = false
    ) {
        let count = box.x1 - box.x0
        let s = source.base + map.offset(x: box.x0, y: y, stridePixels: source.stridePixels)
        let d = row + box.x0
        let colour = plan.colour, alpha = plan.alpha
        let step = map.step(stridePixels: source.stridePixels)
        if step != 1 {
            copyTurned(s, d, count: count, step: step, colour: colour, alpha: alpha, fresh: fresh)
            return
        }
        if fresh {
            // Over transparent pixels: a copy, or the modulated pixels as they are.
            if colour != 256 || alpha != 256 {
                for i in 0..<count { d[i] = modulate(s[i], colour: colour, alpha: alpha) }
            } else {
                d.update(from: s, count: count)
            }
            return
        }
        if colour != 256 || alpha != 256 {
            blendRow(s, d, count: count, colour: colour, alpha: alpha)
            return
        }
        if allOpaque(s, count: count) {
            d.update(from: s, count: count)
        } else {
            for i in 0..<count { put(s[i], d + i) }
        }
    }

    /// `count` pixels read `step` apart (−1: a mirrored row; ±stride: a source column) onto `d`:
    /// the same `put` and `modulate` per pixel as the generic loop, with a reversed vector copy
    /// for mirrored opaque rows. Out of line for the reason `blendRow` is.
    @inline(never)
    static func copyTurned(
        _ s: UnsafePointer<UInt32>, _ d: UnsafeMutablePointer<UInt32>, count: Int, step: Int,
        colour: UInt64,
        alpha: UInt64, fresh: Bool
    ) {
        if colour != 256 || alpha != 256 {
            if fresh {
                for i in 0..<count { d[i] = modulate(s[i &* step], colour: colour, alpha: alpha) }
            } else {
                for i in 0..<count {
                    put(modulate(s[i &* step], colour: colour, alpha: alpha), d + i)
                }
            }
            return
        }
        if step == -1 && (fresh || allOpaque(s - (count - 1), count: count)) {
            var i = 0
            while i &+ 4 <= count {
                let v = UnsafeRawPointer(s - (i &+ 3)).loadUnaligned(as: SIMD4<UInt32>.self)
                UnsafeMutableRawPointer(d + i).storeBytes(
                    of: SIMD4(v[3], v[2], v[1], v[0]), as: SIMD4<UInt32>.self)
                i &+= 4
            }
            while i < count {
                d[i] = s[-i]
                i &+= 1
            }
            return
        }
        if fresh {
            for i in 0..<count { d[i] = s[i &* step] }
        } else {
            for i in 0..<count { put(s[i &* step], d + i) }
        }
    }

    /// `count` source pixels under a constant opacity and dim OVER the target, two or four per
    /// step. Kept out of line: inside a large caller the optimiser stops inlining the vector
    /// conversions, which then cost a call per pixel.
    @inline(never)
    static func blendRow(
        _ s: UnsafePointer<UInt32>, _ d: UnsafeMutablePointer<UInt32>, count: Int, colour: UInt64,
        alpha: UInt64
    ) {
        let m = modulation(colour: colour, alpha: alpha)
        let m2 = SIMD8(lowHalf: m, highHalf: m)
        var i = 0
        if allOpaque(s, count: count) {
            // Every source pixel's alpha becomes the same: OVER needs no per-pixel alpha.
            let ia = inverseModulatedAlpha(alpha)
            while i &+ 4 <= count {
                let a = modulatePair(loadPair(UnsafeRawPointer(s + i)), m2)
                let b = modulatePair(loadPair(UnsafeRawPointer(s + i + 2)), m2)
                blendQuad(a, b, d + i, inverseAlpha: ia)
                i &+= 4
            }
        }
        // OVER with a transparent or opaque pixel is exact, so no branch per pixel.
        while i &+ 2 <= count {
            let src = modulatePair(loadPair(UnsafeRawPointer(s + i)), m2)
            storePair(
                overPair(src, loadPair(UnsafeRawPointer(d + i))), UnsafeMutableRawPointer(d + i))
            i &+= 2
        }
        if i < count { put(modulate(s[i], colour: colour, alpha: alpha), d + i) }
    }
}
