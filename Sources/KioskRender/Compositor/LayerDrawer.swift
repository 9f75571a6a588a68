// Ownership: a drawer holds raw pointers into a layer's surface and the compositor's scratch
// memory; it lives only inside one `LayerCompositor.compose` call.

/// One layer ready to draw, row by row, with the loop its transform class needs.
enum LayerDrawer {
    case solid(LayerPlan, RowMapper, SolidSource)
    case rows(LayerPlan, RowMapper, BilinearSource)
    case columns(LayerPlan, ColumnMapper, BilinearSource)
    /// A row-projective layer: each row reads one source row or column (`RowLineMapper`).
    case lines(LayerPlan, RowLineMapper, BilinearSource)
    case scaled(LayerPlan, ScaleMapper, BilinearSource)
    case projective(LayerPlan, ProjectiveMapper, BilinearSource)
    /// A whole-pixel map (a translation, possibly turned or mirrored by the display transform).
    case copy(LayerPlan, BilinearSource, PixelCopy, rows: PixelBox)

    var box: PixelBox {
        switch self {
        case .solid(let p, _, _), .rows(let p, _, _), .columns(let p, _, _), .lines(let p, _, _),
            .scaled(let p, _, _), .projective(let p, _, _):
            p.box
        case .copy(_, _, _, let rows): rows
        }
    }

    /// The same drawer with the scale loop's blended row in `rowBuffer` (a band's own memory);
    /// other drawers write nothing but the target and come back unchanged.
    func using(rowBuffer: UnsafeMutableRawPointer) -> LayerDrawer {
        guard case .scaled(let plan, var mapper, let source) = self else { return self }
        mapper.rowBuffer = rowBuffer
        return .scaled(plan, mapper, source)
    }

    /// The pixels of row `y` this layer covers fully (empty when none).
    func interior(y: Int) -> Range<Int> {
        switch self {
        case .solid(let p, _, _), .rows(let p, _, _), .columns(let p, _, _), .lines(let p, _, _),
            .scaled(let p, _, _), .projective(let p, _, _):
            SpanRasteriser.interior(p, y: y)
        case .copy(_, _, _, let rows): rows.x0..<rows.x1
        }
    }

    /// True for a turning face drawn from its page's layout for turning (`PairRun`).
    var isTurningFace: Bool {
        if case .columns(_, let m, _) = self { return m.pairs != nil }
        return false
    }

    /// True when the fully covered pixels go through a specialised loop (or a copy) that can
    /// store over transparent pixels without first clearing them.
    var storesFresh: Bool {
        switch self {
        case .columns(_, let m, _): m.fast
        case .lines(_, let m, _): m.fast
        case .scaled(_, let m, _): m.fast
        case .copy: true
        case .solid, .rows, .projective: false
        }
    }

    /// Draws the pixels `lo..<hi` of row `y` (inside `box`); `row` is the target row's first pixel.
    /// `fresh`: those pixels are fully covered and transparent, and `storesFresh` is true.
    /// `background`: those pixels all hold this pixel (the scale loop then blends without reading).
    @inline(__always)
    func draw(
        y: Int, row: UnsafeMutablePointer<UInt32>, from lo: Int, to hi: Int, fresh: Bool = false,
        background: UInt32? = nil
    ) {
        switch self {
        case .solid(let plan, var mapper, let source):
            SpanRasteriser.drawRow(
                plan, y: y, mapper: &mapper, source: source, row: row, from: lo, to: hi)
        case .rows(let plan, var mapper, let source):
            SpanRasteriser.drawRow(
                plan, y: y, mapper: &mapper, source: source, row: row, from: lo, to: hi)
        case .columns(let plan, var mapper, let source):
            SpanRasteriser.drawRow(
                plan, y: y, mapper: &mapper, source: source, row: row, from: lo, to: hi,
                fresh: fresh)
        case .lines(let plan, var mapper, let source):
            SpanRasteriser.drawRow(
                plan, y: y, mapper: &mapper, source: source, row: row, from: lo, to: hi,
                fresh: fresh)
        case .scaled(let plan, var mapper, let source):
            SpanRasteriser.drawRow(
                plan, y: y, mapper: &mapper, source: source, row: row, from: lo, to: hi,
                fresh: fresh,
                background: background)
        case .projective(let plan, var mapper, let source):
            SpanRasteriser.drawRow(
                plan, y: y, mapper: &mapper, source: source, row: row, from: lo, to: hi)
        case .copy(let plan, let source, let map, let box):
            var b = box
            b.x0 = max(b.x0, lo)
            b.x1 = min(b.x1, hi)
            if b.x0 < b.x1 {
                LayerDrawer.copyRow(
                    plan, source: source, map: map, box: b, y: y, row: row, fresh: fresh)
            }
        }
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
