// Ownership: the compositor owns the per-column tables (grown on demand, freed in deinit), one
// `BandScratch` per band and its `BandWorkers`. During `compose` it, and its workers, hold raw
// pointers into the target and the layer surfaces; the caller keeps those buffers alive for the
// call (the workers are done when it returns), and none is kept afterwards.
import CPixelKernels
import KioskCore
import Synchronization

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
    /// The widest vertically blended source row the scale loop needs this frame, in bytes.
    private var rowBufferBytes: Int
    var plans: [(index: Int, plan: LayerPlan, surface: ImageBuffer?)] = []
    /// The layers ready to draw; each band draws from its own copy (`BandScratch.drawers`).
    var drawers: [LayerDrawer] = []
    /// Per drawer: true when its layer has opacity 1 (it may hide what lies beneath).
    var drawerOpaque: [Bool] = []
    /// Per drawer: the first drawer of its layer (a turning face may have several drawers, one
    /// after the other).
    var drawerLayerStart: [Int] = []
    /// Per drawer: true when it has the edges of the drawer before it (`LayerDrawer.sharesEdges`:
    /// the next run of the same face), whose rows' edge bounds are then its own.
    var drawerSharesEdges: [Bool] = []
    /// True when every layer that may hide others (`drawerOpaque`) is a turning face stored for
    /// turning over an opaque page: the pixels the occlusion pass stores are then known before
    /// any is drawn, and each stripe draws them first in tiles (`prepaintStripe`).
    var prepaintsOccluders = false
    /// The tile phase of a frame is running (`drawOccluderTiles`), not the row phase.
    var drawingOccluderTiles = false
    /// The occluding parts of every row for the tile phase (`planOccluderParts`).
    var occluderLo: [Int32] = []
    var occluderHi: [Int32] = []
    /// Per layer k and part i (at `k * 2 + i`): the columns and rows (0-based in the frame's
    /// limit) its parts span over the whole frame, so a chunk of columns calls the kernels
    /// only for the parts it meets, over only the rows they have.
    var occluderBounds: [PixelBox] = []
    /// What the same plan found for the row phase, so a row does not work out its occlusion a
    /// second time: per row the pixels the background skips, and per row r and layer k (at
    /// `r * drawers + k`: a row's together) the pixels layer k skips and its spans.
    var plannedHidden: [Range<Int>] = []
    var plannedHiddenAbove: [Range<Int>] = []
    var plannedSpans: [RowSpans] = []
    /// Per band: the memory only that band writes.
    var bands: [BandScratch]
    /// The threads that draw bands beside the caller; nil: the caller draws every row.
    private var workers: BandWorkers?
    /// The frame being composed, for the bands (set only during `compose`).
    var frame: BandFrame?
    /// The next stripe of rows a band may claim (see `LayerCompositor+Bands`); reset per frame.
    let nextStripe = Atomic<Int>(0)
    /// The same when the caller draws every stripe alone.
    var stripeAlone = 0
    /// False sends every layer through the generic loops (tests compare the fast paths with them).
    var fastPaths = true
    /// The pair kernels' tier for pages stored for turning (`PairLayout`); nil (the default
    /// unless `KIOSK_PAIR_KERNELS` names one) draws them from their row-major pixels as before
    /// (`bench` compares both, tests force every tier).
    public var pairTier: PairTier? = PairTier.fromEnvironment
    /// False draws turning faces from their pages alone even where narrower copies are stored
    /// (`MinifiedCopies`): `bench` compares the two.
    public var readsNarrowerCopies = true
    /// The surfaces the last `compose` drew as turning cube faces, each with the axis its smaller
    /// copies shrink along: through the column loop's fast path (`.width`), or through the row
    /// loop's one-source-row path with rows squeezed beyond 2× (`.height`, a vertical cube). The
    /// ones worth storing for turning (`PageSurfaceCache.storeForTurning`).
    public internal(set) var turningSurfaces: [ObjectIdentifier: MinifiedCopies.Axis] = [:]
    /// True when scenes come mirrored onto the output (a flipped display transform): every
    /// layer's winding is reversed, so back-face culling looks at the other side.
    public var mirrorsOutput = false

    /// The most threads `threads` takes. Compositing streams memory: on the boards this is for
    /// (four Cortex-A53 cores sharing one narrow memory bus) the fourth thread already gains
    /// little, and more threads than cores only add wake-ups; beyond this each band is also
    /// too short to pay for its thread's wake-up on a 1080p frame.
    public static let maximumThreads = 4

    /// How many threads compose a frame (the caller and `threads − 1` workers), 1...`maximumThreads`.
    /// Changing it stops the old workers and starts new ones.
    public var threads: Int {
        didSet {
            let wanted = LayerCompositor.clampedThreads(threads)
            if wanted != threads { threads = wanted; return }
            guard threads != oldValue else { return }
            startWorkers()
        }
    }

    /// The default thread count: the cores this process may run on, capped at `maximumThreads`.
    public static var defaultThreads: Int { clampedThreads(availableCores) }

    /// `threads`: how many threads compose each frame (see `threads`).
    public init(threads: Int = 1) {
        scratchColumns = 4096
        scratch = .allocate(byteCount: scratchColumns * ColumnMapper.bytesPerColumn, alignment: 16)
        rowBufferBytes = ScaleMapper.rowBufferBytes(width: 4096)
        self.threads = LayerCompositor.clampedThreads(threads)
        bands = []
        startWorkers()
    }

    deinit {
        scratch.deallocate()
    }

    static func clampedThreads(_ n: Int) -> Int { min(max(n, 1), maximumThreads) }

    private func startWorkers() {
        workers = nil
        workers = BandWorkers(threads: threads)
        let count = workers?.bandCount ?? 1
        bands = (0..<count).map { _ in BandScratch(rowBufferBytes: rowBufferBytes) }
    }

    /// Composes `scene` into `target`: clears to `scene.background`, then draws each layer back to
    /// front. With `damage` (output pixels, rounded outward), only pixels inside it change.
    /// Layers whose surface is nil (a `.panel` or `.chrome` not rasterised yet) are skipped; a
    /// surface's pixels map to content points by `surface.width / layer.sourceSize.width`, and
    /// content points to layer-local ones by subtracting `layer.contentOffset` (a scrolled
    /// panel's layer is a window of its surface).
    ///
    /// The frame is built one output row at a time, all layers in turn, so each target row is
    /// cleared and drawn while it is in the cache: one pass over the frame's memory. With
    /// `threads` above one the rows are split into bands drawn at the same time (see
    /// `LayerCompositor+Bands`); every row is drawn by the same code from the same plan, so the
    /// pixels do not depend on the thread count. A layer's surface is read only during the
    /// call; surfaces may change between calls.
    public func compose(
        scene: Scene, surfaces: some LayerSurfaces, into target: ImageBuffer, damage: Rect? = nil
    ) {
        var limit = PixelBox(x0: 0, y0: 0, x1: target.width, y1: target.height)
        if let damage {
            guard let d = PixelBox(covering: damage) else { return }
            limit = limit.intersection(d)
        }
        guard !limit.isEmpty else { return }
        plan(scene, surfaces: surfaces, limit: limit)
        prepareDrawers(scene)
        frame = BandFrame(
            base: target.pixels.assumingMemoryBound(to: UInt32.self),
            stridePixels: target.stride / 4,
            background: premultipliedPixel(scene.background), limit: limit)
        let shared = limit.y1 - limit.y0 >= 2 * LayerCompositor.bandRows
        // Two phases when the turning faces can be drawn first: their occluding pixels in
        // tiles down the whole frame, then the rows (each phase split among the threads).
        drawingOccluderTiles = prepaintsOccluders
        if prepaintsOccluders, let frame { planOccluderParts(frame: frame) }
        for _ in 0..<(prepaintsOccluders ? 2 : 1) {
            nextStripe.store(0, ordering: .relaxed)
            stripeAlone = 0
            if let workers, shared {
                workers.run(self)
            } else {
                composeBand(0, of: 1)
            }
            drawingOccluderTiles = false
        }
        frame = nil
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
            layer: layer, surfaceWidth: surfaceWidth, surfaceHeight: surfaceHeight, limit: limit,
            mirrored: mirrored)?.kind
    }

    /// Fills `range` of `row` with `pixel`, except `hidden`.
    static func fill(
        _ row: UnsafeMutablePointer<UInt32>, _ pixel: UInt32, _ range: Range<Int>,
        except hidden: Range<Int>
    ) {
        let a = range.lowerBound, b = range.upperBound
        let h0 = min(max(hidden.lowerBound, a), b), h1 = min(max(hidden.upperBound, h0), b)
        if hidden.isEmpty || h0 >= h1 {
            fillPixels(row + a, pixel, count: b - a)
            return
        }
        fillPixels(row + a, pixel, count: h0 - a)
        fillPixels(row + h1, pixel, count: b - h1)
    }

    /// `count` copies of `pixel` from `start` (`ks_fill_pixels`: 32-byte stores where the CPU
    /// has AVX2; the background of a turning cube's rows is a third of a 1080p frame at 30°).
    @inline(__always)
    static func fillPixels(_ start: UnsafeMutablePointer<UInt32>, _ pixel: UInt32, count: Int) {
        if count > 0 { ks_fill_pixels(start, pixel, count) }
    }

    /// True when every pixel of `surface` has alpha 255: recorded when the surface was drawn
    /// (`ImageBuffer.recordOpacity`), scanned only when nobody recorded it.
    static func isOpaque(_ surface: ImageBuffer) -> Bool { surface.isOpaque }

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
            guard
                let p = LayerPlan(
                    layer: layer, surfaceWidth: surface?.width ?? 1,
                    surfaceHeight: surface?.height ?? 1, limit: limit,
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
                    let bx = plans[i].plan.cornerX[(k + 1) % 4],
                        by = plans[i].plan.cornerY[(k + 1) % 4]
                    for l in 0..<4 {
                        let cx = plans[j].plan.cornerX[l], cy = plans[j].plan.cornerY[l]
                        let dx = plans[j].plan.cornerX[(l + 1) % 4],
                            dy = plans[j].plan.cornerY[(l + 1) % 4]
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
        for (_, plan, _) in plans
        where plan.kind == .columnProjective || plan.kind == .scaleTranslate {
            // Up to three runs of a turning face (`MinifiedRuns`), each rounded up to even.
            columns += (plan.box.x1 - plan.box.x0 + 1) & ~1 + 4
        }
        if columns > scratchColumns {
            scratch.deallocate()
            scratchColumns = columns
            scratch = .allocate(
                byteCount: scratchColumns * ColumnMapper.bytesPerColumn, alignment: 16)
        }
        var widest = 0
        for (_, plan, surface) in plans where plan.kind == .scaleTranslate {
            widest = max(widest, surface?.width ?? 0)
        }
        if ScaleMapper.rowBufferBytes(width: widest) > rowBufferBytes {
            rowBufferBytes = ScaleMapper.rowBufferBytes(width: widest)
            for band in bands { band.reserveRowBuffer(bytes: rowBufferBytes) }
        }
        var used = 0
        drawerOpaque.removeAll(keepingCapacity: true)
        drawerLayerStart.removeAll(keepingCapacity: true)
        drawerSharesEdges.removeAll(keepingCapacity: true)
        turningSurfaces.removeAll(keepingCapacity: true)
        prepaintsOccluders = fastPaths
        defer { prepaintsOccluders = prepaintsOccluders && drawerOpaque.contains(true) }
        for (index, plan, surface) in plans {
            let before = drawers.count
            // One entry per drawer: a turning face may be drawn as several runs of columns.
            defer {
                drawerOpaque += repeatElement(plan.alpha == 256, count: drawers.count - before)
                drawerLayerStart += repeatElement(before, count: drawers.count - before)
                for k in before..<drawers.count {
                    drawerSharesEdges.append(k > 0 && drawers[k].sharesEdges(with: drawers[k - 1]))
                }
            }
            guard let surface else {
                if case .solid(let colour) = scene.layers[index].content {
                    if plan.alpha == 256 { prepaintsOccluders = false }
                    drawers.append(
                        .solid(
                            plan, RowMapper(plan.inverse),
                            SolidSource(pixel: premultipliedPixel(colour))))
                }
                continue
            }
            let source = BilinearSource(surface)
            switch plan.kind {
            case .translation where fastPaths:
                let map = plan.pixelCopy
                var rows = plan.box.intersection(
                    map.outputBox(width: surface.width, height: surface.height))
                // Within the quad too: a window of a larger surface (a scrolled panel) has
                // content beyond its edges, which the box's antialiasing margin would copy.
                let quad = PixelBox(
                    covering: Rect(
                        x: plan.cornerX.min(), y: plan.cornerY.min(),
                        width: plan.cornerX.max() - plan.cornerX.min(),
                        height: plan.cornerY.max() - plan.cornerY.min()))
                if let quad { rows = rows.intersection(quad) }
                if !rows.isEmpty { drawers.append(.copy(plan, source, map, rows: rows)) }
            case .scaleTranslate where fastPaths:
                let count = plan.box.x1 - plan.box.x0
                let mapper = ScaleMapper(
                    plan.inverse, x0: plan.box.x0, x1: plan.box.x1,
                    scratch: scratch + used * ColumnMapper.bytesPerColumn,
                    rowBuffer: bands[0].rowBuffer,
                    source: source)
                used += (count + 1) & ~1
                drawers.append(.scaled(plan, mapper, source))
            case .rowProjective where fastPaths:
                appendRowRuns(plan: plan, surface: surface, source: source)
            case .translation, .scaleTranslate, .affine, .rowProjective:
                drawers.append(.rows(plan, RowMapper(plan.inverse), source))
            case .columnProjective:
                // A translucent layer over an opaque surface blends with one alpha for all its
                // pixels; its rows are read in a staircase, so the surface is checked as a whole.
                let opaque = fastPaths && plan.alpha < 256 && LayerCompositor.isOpaque(surface)
                // Where the face is squeezed across more than 2×, its columns read a narrower copy.
                let runs = MinifiedRuns.runs(
                    plan.inverse, box: plan.box,
                    copies: readsNarrowerCopies && surface.minified?.axis == .width)
                for run in runs {
                    let copy = run.level == 0 ? surface : surface.minified?.level(run.level)
                    guard let copy else { continue }
                    var part = plan
                    part.box.x0 = run.start
                    part.box.x1 = run.end
                    part.inverse = MinifiedRuns.inverse(plan.inverse, level: run.level)
                    let partSource = run.level == 0 ? source : BilinearSource(copy)
                    let mapper = ColumnMapper(
                        part.inverse, x0: run.start, x1: run.end,
                        scratch: scratch + used * ColumnMapper.bytesPerColumn, source: partSource,
                        allowFast: fastPaths, opaqueSource: opaque,
                        pairLayout: copy.pairLayout, tier: pairTier,
                        width: copy.width, height: copy.height)
                    used += (run.end - run.start + 1) & ~1
                    if mapper.fast { turningSurfaces[ObjectIdentifier(surface)] = .width }
                    if plan.alpha == 256
                        && (mapper.pairs == nil || !LayerCompositor.isOpaque(surface))
                    {
                        prepaintsOccluders = false
                    }
                    drawers.append(.columns(part, mapper, partSource))
                }
            case .projective:
                drawers.append(.projective(plan, ProjectiveMapper(plan.inverse), source))
            }
            // Any other layer that may hide others draws its own occluding pixels, row by row.
            if plan.alpha == 256, drawers.count > before, !drawers[before].isTurningFace {
                prepaintsOccluders = false
            }
        }
    }
}
