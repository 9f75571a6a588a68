// Ownership: the compositor owns two scratch allocations (per-column tables, one blended source
// row), grown on demand and freed in deinit. During `compose` it holds raw pointers into the target and the layer
// surfaces; the caller keeps those buffers alive for the call, and none is kept afterwards.
import KioskCore

/// Draws a `Scene` into an ARGB32 buffer on the CPU: every layer with its projective transform,
/// bilinear filtering, antialiased edges, opacity, dim and clip.
///
/// Each transform is classified (`TransformClass`) and drawn by the cheapest loop that is exact
/// for it: whole-pixel translations copy rows (reversed rows, or source columns, when the display
/// is turned); affine maps step linearly along rows; rotations about a horizontal screen axis
/// (a vertical cube, top-to-bottom flips, the cube on a display turned by 90°) read one source
/// row or column per output row, set up once per row; rotations about a vertical screen axis
/// (the cube) step linearly down precomputed columns; anything else divides per pixel. Sample
/// positions are exact to 1/32 px (4-bit bilinear weights, rounded), far inside the 0.5 px the
/// design asks.
///
/// Edges get analytic coverage (signed distance to each projected edge). Where a later layer
/// shares an edge with an earlier one (adjacent cube faces), the earlier layer is extended by
/// one pixel under it, so the edge blends face with face and never shows the background.
///
/// The fully covered run of each row goes through a specialised SIMD loop, two or four pixels per
/// step (SSE2-sized vectors, the x86-64 baseline): the cube's columns (`ColumnMapper`), tilted
/// rows (`RowLineMapper`), scaled and translated rows in two passes (`ScaleMapper`), whole-pixel
/// copies. A translucent layer over an opaque source blends with one alpha for the whole run;
/// where nothing but the background lies under a scaled one, OVER adds one constant and the
/// target is not read.
/// Per row, opaque layers are drawn first, front to back, and nothing beneath their fully
/// covered pixels is drawn (the background neither). Every specialisation gives the generic loops' pixels bit for bit
/// (`CompositorFastPathTests`). 1920x1080, one core of the development machine: the cube frame
/// about 16-20 frame memcpys, the slowest transition about 22-25 (`kiosk-shell bench`).
///
/// Not thread-safe: one compositor per rendering thread. No allocation per frame once the
/// scratch memory has grown to the widest layer.
public final class LayerCompositor {
    /// Per-column tables of the column loop, 16-byte aligned.
    private var scratch: UnsafeMutableRawPointer
    private var scratchColumns: Int
    /// One vertically blended source row for the scale loop, shared by all its layers (each uses
    /// it only within one row of one layer).
    private var rowBuffer: UnsafeMutableRawPointer
    private var rowBufferBytes: Int
    private var plans: [(index: Int, plan: LayerPlan, surface: ImageBuffer?)] = []
    private var drawers: [LayerDrawer] = []
    /// Per drawer: the index of its plan.
    private var drawerPlans: [Int] = []
    /// Per drawer, for the current row: the pixels it must not draw (see `drawOccluders`).
    private var hiddenAbove: [Range<Int>] = []
    /// False sends every layer through the generic loops (tests compare the fast paths with them).
    var fastPaths = true
    /// True when scenes come mirrored onto the output (a flipped display transform): every
    /// layer's winding is reversed, so back-face culling looks at the other side.
    public var mirrorsOutput = false

    public init() {
        scratchColumns = 4096
        scratch = .allocate(byteCount: scratchColumns * ColumnMapper.bytesPerColumn, alignment: 16)
        rowBufferBytes = ScaleMapper.rowBufferBytes(width: 4096)
        rowBuffer = .allocate(byteCount: rowBufferBytes, alignment: 16)
    }

    deinit {
        scratch.deallocate()
        rowBuffer.deallocate()
    }

    /// Composes `scene` into `target`: clears to `scene.background`, then draws each layer back to
    /// front. With `damage` (output pixels, rounded outward), only pixels inside it change.
    /// Layers whose surface is nil (a `.panel` or `.chrome` not rasterised yet) are skipped; a
    /// surface's pixels map to content points by `surface.width / layer.sourceSize.width`, and
    /// content points to layer-local ones by subtracting `layer.contentOffset` (a scrolled
    /// panel's layer is a window of its surface).
    ///
    /// The frame is built one output row at a time, all layers in turn, so each target row is
    /// cleared and drawn while it is in the cache: one pass over the frame's memory. A layer's
    /// surface is read only during the call; surfaces may change between calls.
    public func compose(
        scene: Scene, surfaces: some LayerSurfaces, into target: ImageBuffer, damage: Rect? = nil
    ) {
        var limit = PixelBox(x0: 0, y0: 0, x1: target.width, y1: target.height)
        if let damage {
            guard let d = PixelBox(covering: damage) else { return }
            limit = limit.intersection(d)
        }
        guard !limit.isEmpty else { return }
        let stride = target.stride / 4
        let base = target.pixels.assumingMemoryBound(to: UInt32.self)
        let background = premultipliedPixel(scene.background)

        plan(scene, surfaces: surfaces, limit: limit)
        prepareDrawers(scene)
        let count = limit.x1 - limit.x0
        hiddenAbove.removeAll(keepingCapacity: true)
        hiddenAbove.append(contentsOf: repeatElement(0..<0, count: drawers.count))
        for y in limit.y0..<limit.y1 {
            let row = base + y &* stride
            guard fastPaths else {
                (row + limit.x0).update(repeating: background, count: count)
                for d in drawers {
                    let box = d.box
                    if y >= box.y0 && y < box.y1 { d.draw(y: y, row: row, from: box.x0, to: box.x1) }
                }
                continue
            }
            let hidden = drawOccluders(y: y, row: row)
            // Background and layers only where no opaque layer in front covers them.
            LayerCompositor.fill(row, background, limit.x0..<limit.x1, except: hidden)
            // The pixels drawn on so far (a hull): outside it the row still holds the background,
            // which a translucent layer's loop may blend with without reading it.
            var drawn = hidden
            for k in drawers.indices {
                let d = drawers[k]
                let box = d.box
                guard y >= box.y0 && y < box.y1 else { continue }
                let h = hiddenAbove[k]
                if h.isEmpty {
                    LayerCompositor.draw(d, y: y, row: row, box.x0..<box.x1, drawn: drawn, background: background)
                } else {
                    let left = box.x0..<max(box.x0, min(box.x1, h.lowerBound))
                    let right = min(box.x1, max(box.x0, h.upperBound))..<box.x1
                    LayerCompositor.draw(d, y: y, row: row, left, drawn: drawn, background: background)
                    LayerCompositor.draw(d, y: y, row: row, right, drawn: drawn, background: background)
                }
                drawn = drawn.isEmpty
                    ? box.x0..<box.x1 : min(drawn.lowerBound, box.x0)..<max(drawn.upperBound, box.x1)
            }
        }
        plans.removeAll(keepingCapacity: true)
        drawers.removeAll(keepingCapacity: true)
        target.markDirty()
    }

    /// The class of loop `compose` uses for `layer` with a surface of the given pixel size, or nil
    /// when the layer is not drawn (singular, behind the eye, back-facing, invisible).
    /// `mirrored`: as `mirrorsOutput`.
    public static func transformClass(
        of layer: SceneLayer, surfaceWidth: Int, surfaceHeight: Int, mirrored: Bool = false
    ) -> TransformClass? {
        let limit = PixelBox(x0: -1_000_000, y0: -1_000_000, x1: 1_000_000, y1: 1_000_000)
        return LayerPlan(
            layer: layer, surfaceWidth: surfaceWidth, surfaceHeight: surfaceHeight, limit: limit, mirrored: mirrored)?.kind
    }

    /// Occlusion for row `y`: front to back, each fully opaque layer (opacity 1) draws its fully
    /// covered pixels first, over transparent pixels and beside those already claimed; when
    /// every pixel it wrote is opaque,
    /// nothing beneath can show there, so the background and the layers behind skip them. When
    /// one is not opaque (a transparent part of a page) its pixels are simply drawn again in
    /// order. `hiddenAbove[k]` gets the pixels layer k must not draw in the ordinary pass (its own
    /// and those in front of it); the result is the pixels the background must not fill.
    private func drawOccluders(y: Int, row: UnsafeMutablePointer<UInt32>) -> Range<Int> {
        var hidden = 0..<0
        for k in drawers.indices.reversed() {
            defer { hiddenAbove[k] = hidden }
            let d = drawers[k]
            let box = d.box
            guard y >= box.y0 && y < box.y1, plans[drawerPlans[k]].plan.alpha == 256 else { continue }
            let inner = d.interior(y: y)
            guard !inner.isEmpty else { continue }
            // Over transparent pixels, so the result is opaque only where the layer is: the
            // specialised loops store as if over transparent pixels, the others need them cleared.
            let fresh = d.storesFresh
            if hidden.isEmpty {
                if !fresh { (row + inner.lowerBound).update(repeating: 0, count: inner.count) }
                d.draw(y: y, row: row, from: inner.lowerBound, to: inner.upperBound, fresh: fresh)
                if allOpaque(row + inner.lowerBound, count: inner.count) { hidden = inner }
            } else if inner.lowerBound <= hidden.upperBound && hidden.lowerBound <= inner.upperBound {
                // Only the parts beside the claimed pixels, so no pixel of a layer in front is
                // overwritten; the union stays one run.
                let left = inner.lowerBound..<max(inner.lowerBound, hidden.lowerBound)
                let right = min(inner.upperBound, hidden.upperBound)..<inner.upperBound
                var opaque = true
                for part in [left, right] where !part.isEmpty {
                    if !fresh { (row + part.lowerBound).update(repeating: 0, count: part.count) }
                    d.draw(y: y, row: row, from: part.lowerBound, to: part.upperBound, fresh: fresh)
                    opaque = opaque && allOpaque(row + part.lowerBound, count: part.count)
                }
                if opaque { hidden = min(inner.lowerBound, hidden.lowerBound)..<max(inner.upperBound, hidden.upperBound) }
            }
        }
        return hidden
    }

    /// Draws `range` of row `y` with `d`: the parts outside `drawn` hold `background` only.
    @inline(__always)
    private static func draw(
        _ d: LayerDrawer, y: Int, row: UnsafeMutablePointer<UInt32>, _ range: Range<Int>, drawn: Range<Int>,
        background: UInt32
    ) {
        guard !range.isEmpty else { return }
        let a = range.lowerBound, b = range.upperBound
        if drawn.isEmpty {
            d.draw(y: y, row: row, from: a, to: b, background: background)
            return
        }
        let h0 = min(max(drawn.lowerBound, a), b), h1 = min(max(drawn.upperBound, h0), b)
        if a < h0 { d.draw(y: y, row: row, from: a, to: h0, background: background) }
        if h0 < h1 { d.draw(y: y, row: row, from: h0, to: h1) }
        if h1 < b { d.draw(y: y, row: row, from: h1, to: b, background: background) }
    }

    /// Fills `range` of `row` with `pixel`, except `hidden`.
    static func fill(_ row: UnsafeMutablePointer<UInt32>, _ pixel: UInt32, _ range: Range<Int>, except hidden: Range<Int>) {
        let a = range.lowerBound, b = range.upperBound
        let h0 = min(max(hidden.lowerBound, a), b), h1 = min(max(hidden.upperBound, h0), b)
        if hidden.isEmpty || h0 >= h1 {
            (row + a).update(repeating: pixel, count: b - a)
            return
        }
        (row + a).update(repeating: pixel, count: h0 - a)
        (row + h1).update(repeating: pixel, count: b - h1)
    }

    /// True when every pixel of `surface` has alpha 255 (one pass over its memory).
    static func isOpaque(_ surface: ImageBuffer) -> Bool {
        let base = UnsafePointer(surface.pixels.assumingMemoryBound(to: UInt32.self))
        let stride = surface.stride / 4
        for y in 0..<surface.height where !allOpaque(base + y &* stride, count: surface.width) { return false }
        return true
    }

    /// Plans every drawable layer and marks shared edges.
    private func plan(_ scene: Scene, surfaces: some LayerSurfaces, limit: PixelBox) {
        plans.removeAll(keepingCapacity: true)
        for (index, layer) in scene.layers.enumerated() {
            var surface: ImageBuffer?
            if case .solid = layer.content {
                surface = nil
            } else {
                guard let s = surfaces.surface(for: layer.content) else { continue }
                surface = s
            }
            // A solid has no pixels; any surface size gives the same quad.
            guard let p = LayerPlan(
                layer: layer, surfaceWidth: surface?.width ?? 1, surfaceHeight: surface?.height ?? 1, limit: limit,
                mirrored: mirrorsOutput)
            else { continue }
            plans.append((index, p, surface))
        }
        // Shared edges: O(n²) over a handful of layers.
        let tolerance = 0.01
        for i in plans.indices {
            for j in plans.indices where j > i {
                for k in 0..<4 {
                    let ax = plans[i].plan.cornerX[k], ay = plans[i].plan.cornerY[k]
                    let bx = plans[i].plan.cornerX[(k + 1) % 4], by = plans[i].plan.cornerY[(k + 1) % 4]
                    for l in 0..<4 {
                        let cx = plans[j].plan.cornerX[l], cy = plans[j].plan.cornerY[l]
                        let dx = plans[j].plan.cornerX[(l + 1) % 4], dy = plans[j].plan.cornerY[(l + 1) % 4]
                        // Two front-facing quads sharing an edge run it in opposite directions.
                        if abs(ax - dx) < tolerance && abs(ay - dy) < tolerance
                            && abs(bx - cx) < tolerance && abs(by - cy) < tolerance
                        {
                            plans[i].plan.extendEdge(k)
                        }
                    }
                }
            }
        }
    }

    /// Turns plans into drawers; column tables of all column layers share the scratch memory.
    private func prepareDrawers(_ scene: Scene) {
        var columns = 0
        // Even column counts keep every layer's slice 16-byte aligned (56 · 2 = 112 = 7 · 16).
        for (_, plan, _) in plans where plan.kind == .columnProjective || plan.kind == .scaleTranslate {
            columns += (plan.box.x1 - plan.box.x0 + 1) & ~1
        }
        if columns > scratchColumns {
            scratch.deallocate()
            scratchColumns = columns
            scratch = .allocate(byteCount: scratchColumns * ColumnMapper.bytesPerColumn, alignment: 16)
        }
        var widest = 0
        for (_, plan, surface) in plans where plan.kind == .scaleTranslate { widest = max(widest, surface?.width ?? 0) }
        if ScaleMapper.rowBufferBytes(width: widest) > rowBufferBytes {
            rowBuffer.deallocate()
            rowBufferBytes = ScaleMapper.rowBufferBytes(width: widest)
            rowBuffer = .allocate(byteCount: rowBufferBytes, alignment: 16)
        }
        var used = 0
        drawerPlans.removeAll(keepingCapacity: true)
        for (planIndex, (index, plan, surface)) in plans.enumerated() {
            let before = drawers.count
            defer { if drawers.count > before { drawerPlans.append(planIndex) } }
            guard let surface else {
                if case .solid(let colour) = scene.layers[index].content {
                    drawers.append(.solid(plan, RowMapper(plan.inverse), SolidSource(pixel: premultipliedPixel(colour))))
                }
                continue
            }
            let source = BilinearSource(
                base: UnsafePointer(surface.pixels.assumingMemoryBound(to: UInt32.self)),
                width: surface.width, height: surface.height, stridePixels: surface.stride / 4)
            switch plan.kind {
            case .translation where fastPaths:
                let map = plan.pixelCopy
                var rows = plan.box.intersection(map.outputBox(width: surface.width, height: surface.height))
                // Within the quad too: a window of a larger surface (a scrolled panel) has
                // content beyond its edges, which the box's antialiasing margin would copy.
                let quad = PixelBox(
                    covering: Rect(
                        x: plan.cornerX.min(), y: plan.cornerY.min(), width: plan.cornerX.max() - plan.cornerX.min(),
                        height: plan.cornerY.max() - plan.cornerY.min()))
                if let quad { rows = rows.intersection(quad) }
                if !rows.isEmpty { drawers.append(.copy(plan, source, map, rows: rows)) }
            case .scaleTranslate where fastPaths:
                let count = plan.box.x1 - plan.box.x0
                let mapper = ScaleMapper(
                    plan.inverse, x0: plan.box.x0, x1: plan.box.x1,
                    scratch: scratch + used * ColumnMapper.bytesPerColumn, rowBuffer: rowBuffer, source: source)
                used += (count + 1) & ~1
                drawers.append(.scaled(plan, mapper, source))
            case .rowProjective where fastPaths:
                // As for the column loop: one alpha for a translucent layer over an opaque surface.
                let opaque = plan.alpha < 256 && LayerCompositor.isOpaque(surface)
                let mapper = RowLineMapper(
                    plan.inverse, y0: plan.box.y0, y1: plan.box.y1, source: source, opaqueSource: opaque)
                drawers.append(.lines(plan, mapper, source))
            case .translation, .scaleTranslate, .affine, .rowProjective:
                drawers.append(.rows(plan, RowMapper(plan.inverse), source))
            case .columnProjective:
                let count = plan.box.x1 - plan.box.x0
                // A translucent layer over an opaque surface blends with one alpha for all its
                // pixels; its rows are read in a staircase, so the surface is checked as a whole.
                let opaque = fastPaths && plan.alpha < 256 && LayerCompositor.isOpaque(surface)
                let mapper = ColumnMapper(
                    plan.inverse, x0: plan.box.x0, x1: plan.box.x1,
                    scratch: scratch + used * ColumnMapper.bytesPerColumn, source: source, allowFast: fastPaths,
                    opaqueSource: opaque)
                used += (count + 1) & ~1
                drawers.append(.columns(plan, mapper, source))
            case .projective:
                drawers.append(.projective(plan, ProjectiveMapper(plan.inverse), source))
            }
        }
    }
}
