// Ownership: a BandScratch owns one row buffer (freed in deinit). During `composeBand` the band
// writes only its own scratch and its own rows of the target (through `BandFrame.base`, valid
// for the `compose` call); the plans, drawers and column tables are shared and only read.

import CPixelKernels

/// The target rows of one `compose` call, as every band sees them.
struct BandFrame {
    let base: UnsafeMutablePointer<UInt32>
    let stridePixels: Int
    let background: UInt32
    let limit: PixelBox
}

/// What one band writes besides its target rows: the scale loop's blended source row, which
/// pixels each layer must not draw on the current row, and its own copy of the drawers (pointing
/// at its row buffer).
final class BandScratch {
    private(set) var rowBuffer: UnsafeMutableRawPointer
    private var rowBufferBytes: Int
    var hiddenAbove: [Range<Int>] = []
    /// Per drawer: its spans on the row being drawn (`LayerDrawer.spans(y:)`), worked out once
    /// for the occlusion and the drawing (only for drawers whose box holds the row).
    var rowSpans: [RowSpans] = []
    var drawers: [LayerDrawer] = []
    /// Stripes this band has drawn since the compositor's counts were last reset.
    var stripesDrawn = 0

    init(rowBufferBytes: Int) {
        self.rowBufferBytes = rowBufferBytes
        rowBuffer = .allocate(byteCount: rowBufferBytes, alignment: 16)
    }

    deinit { rowBuffer.deallocate() }

    /// Grows the row buffer to at least `bytes` (between frames only).
    func reserveRowBuffer(bytes: Int) {
        guard bytes > rowBufferBytes else { return }
        rowBuffer.deallocate()
        rowBufferBytes = bytes
        rowBuffer = .allocate(byteCount: bytes, alignment: 16)
    }
}

extension LayerCompositor: BandJob {
    /// Rows per stripe. Bands claim stripes one at a time from a shared counter, so a band whose
    /// thread is descheduled (a busy machine) leaves its share to the others instead of holding
    /// up the frame, and a layer covering only part of the frame is shared out evenly. Which
    /// thread draws a row never changes its pixels. A stripe is long enough that two bands
    /// rarely touch the same cache line of the target.
    static let bandRows = 16

    /// Draws band `band` of `count`: stripes of the frame's rows, claimed until none is left.
    func composeBand(_ band: Int, of count: Int) {
        guard let frame else { return }
        if drawingOccluderTiles {
            drawOccluderTiles(frame: frame, alone: count == 1)
            return
        }
        let scratch = bands[band]
        scratch.drawers.removeAll(keepingCapacity: true)
        for d in drawers { scratch.drawers.append(d.using(rowBuffer: scratch.rowBuffer)) }
        scratch.hiddenAbove.removeAll(keepingCapacity: true)
        scratch.hiddenAbove.append(contentsOf: repeatElement(0..<0, count: drawers.count))
        scratch.rowSpans.removeAll(keepingCapacity: true)
        scratch.rowSpans.append(contentsOf: repeatElement(.empty, count: drawers.count))
        let limit = frame.limit
        let rows = LayerCompositor.bandRows
        while true {
            let stripe =
                count == 1 ? nextStripeAlone() : nextStripe.add(1, ordering: .relaxed).oldValue
            let top = limit.y0 + stripe * rows
            guard top < limit.y1 else { return }
            scratch.stripesDrawn += 1
            for y in top..<min(top + rows, limit.y1) { drawRow(y, frame: frame, scratch: scratch) }
        }
    }

    /// Stripes drawn per band since the last `resetStripeCounts()`; the calling thread's band is
    /// the last. Tells whether the workers share the frames (`bench` prints it).
    public var stripeCounts: [Int] { bands.map(\.stripesDrawn) }

    /// Starts `stripeCounts` from zero.
    public func resetStripeCounts() {
        for band in bands { band.stripesDrawn = 0 }
    }

    /// The stripe counter without atomics when one thread draws everything.
    private func nextStripeAlone() -> Int {
        defer { stripeAlone += 1 }
        return stripeAlone
    }

    /// Draws row `y` of the frame: background and every layer, opaque layers first.
    ///
    /// The drawers, their spans and what each must skip are all reached through pointers for
    /// the row: each drawer is used where it lies (over 600 bytes; see `LayerDrawer.draw`), and
    /// the per-row tables are written with no copy-on-write check per element.
    private func drawRow(_ y: Int, frame: BandFrame, scratch: BandScratch) {
        let row = frame.base + y &* frame.stridePixels
        let limit = frame.limit, background = frame.background
        guard fastPaths else {
            (row + limit.x0).update(repeating: background, count: limit.x1 - limit.x0)
            for var d in scratch.drawers {
                let box = d.box
                if y >= box.y0 && y < box.y1 {
                    d.draw(y: y, row: row, spans: d.spans(y: y), from: box.x0, to: box.x1)
                }
            }
            return
        }
        guard !scratch.drawers.isEmpty else {
            (row + limit.x0).update(repeating: background, count: limit.x1 - limit.x0)
            return
        }
        scratch.drawers.withUnsafeMutableBufferPointer { drawers in
            if prepaintsOccluders {
                // Already stored by `drawOccluderTiles` and planned by `planOccluderParts`.
                let r = y - limit.y0, first = r * drawers.count
                plannedSpans.withUnsafeBufferPointer { spans in
                    plannedHiddenAbove.withUnsafeBufferPointer { above in
                        drawLayers(
                            y: y, row: row, drawers: drawers, spans: spans.baseAddress! + first,
                            hiddenAbove: above.baseAddress! + first, hidden: plannedHidden[r],
                            frame: frame)
                    }
                }
                return
            }
            scratch.rowSpans.withUnsafeMutableBufferPointer { spans in
                scratch.hiddenAbove.withUnsafeMutableBufferPointer { above in
                    let spans = spans.baseAddress!, above = above.baseAddress!
                    findSpans(y: y, drawers: drawers, into: spans)
                    let hidden = drawOccluders(
                        y: y, row: row, drawers: drawers, spans: spans, hiddenAbove: above)
                    drawLayers(
                        y: y, row: row, drawers: drawers, spans: spans, hiddenAbove: above,
                        hidden: hidden, frame: frame)
                }
            }
        }
    }

    /// Row `y` after its occlusion: the background and every layer where no opaque layer in
    /// front covers them (`hidden`, and per drawer `hiddenAbove`).
    @inline(__always)
    private func drawLayers(
        y: Int, row: UnsafeMutablePointer<UInt32>, drawers: UnsafeMutableBufferPointer<LayerDrawer>,
        spans: UnsafePointer<RowSpans>, hiddenAbove: UnsafePointer<Range<Int>>,
        hidden: Range<Int>, frame: BandFrame
    ) {
        let limit = frame.limit, background = frame.background
        LayerCompositor.fill(row, background, limit.x0..<limit.x1, except: hidden)
        // The pixels drawn on so far (a hull): outside it the row still holds the background,
        // which a translucent layer's loop may blend with without reading it.
        var drawn = hidden
        for k in drawers.indices {
            let box = drawers[k].box
            guard y >= box.y0 && y < box.y1 else { continue }
            if !drawers[k].drawEdges(
                y: y, row: row, spans: spans[k], from: box.x0, to: box.x1, except: hiddenAbove[k])
            {
                drawers[k].draw(
                    y: y, row: row, spans: spans[k], from: box.x0, to: box.x1,
                    except: hiddenAbove[k], background: background, drawn: drawn)
            }
            drawn =
                drawn.isEmpty
                ? box.x0..<box.x1
                : min(drawn.lowerBound, box.x0)..<max(drawn.upperBound, box.x1)
        }
    }

    /// Occlusion for row `y`: front to back, each fully opaque layer (opacity 1) draws its fully
    /// covered pixels first, over transparent pixels and beside those already claimed; when
    /// every pixel it wrote is opaque, nothing beneath can show there, so the background and the
    /// layers behind skip them. When one is not opaque (a transparent part of a page) its pixels
    /// are simply drawn again in order. `hiddenAbove[k]` gets the pixels layer k must not draw
    /// in the ordinary pass (its own and those in front of it); the result is the pixels the
    /// background must not fill.
    private func drawOccluders(
        y: Int, row: UnsafeMutablePointer<UInt32>, drawers: UnsafeMutableBufferPointer<LayerDrawer>,
        spans: UnsafePointer<RowSpans>, hiddenAbove: UnsafeMutablePointer<Range<Int>>
    ) -> Range<Int> {
        occlude(y: y, drawers: drawers, spans: spans, hiddenAbove: hiddenAbove) { k, _, part in
            // Over transparent pixels, so the result is opaque only where the layer is: the
            // specialised loops store as if over transparent pixels, the others need them cleared.
            let fresh = drawers[k].storesFresh
            if !fresh { (row + part.lowerBound).update(repeating: 0, count: part.count) }
            drawers[k].draw(
                y: y, row: row, spans: spans[k], from: part.lowerBound, to: part.upperBound,
                fresh: fresh)
            return allOpaque(row + part.lowerBound, count: part.count)
        }
    }

    /// Each drawer's spans on row `y` into `spans` (left as they were for drawers whose box
    /// misses the row: nothing reads those). The runs of one face, side by side, share the
    /// row's edge bounds: worked out once per face, not per run.
    private func findSpans(
        y: Int, drawers: UnsafeMutableBufferPointer<LayerDrawer>,
        into spans: UnsafeMutablePointer<RowSpans>
    ) {
        var shared = EdgeBounds().rounded(), sharer = -1
        for k in drawers.indices {
            let box = drawers[k].box
            guard y >= box.y0 && y < box.y1 else { continue }
            if drawers[k].wholePixels {
                spans[k] = drawers[k].spans(y: y)
                continue
            }
            // The row's bounds are already known when the drawer just worked out has the same
            // edges (per frame: `drawerSharesEdges`).
            if sharer != k - 1 || !drawerSharesEdges[k] {
                shared = drawers[k].edgeBounds(y: y).rounded()
                sharer = k
            }
            spans[k] = shared.spans(box: drawers[k].plan.box)
        }
    }

    /// The occlusion rule of `drawOccluders` without the drawing (the row's spans already in
    /// `spans`; `hiddenAbove` as there): `draw(k, index, part)` stores
    /// layer k's pixels `part` (its `index`th part on this row, 0 or 1) and says whether every one
    /// is opaque. One rule for the row pass and for the tiles drawn ahead of it.
    ///
    /// The drawers of one layer (the runs of a turning face that read narrower copies,
    /// `MinifiedRuns`) lie side by side and never overlap, so they may claim their pixels in any
    /// order: each claims as soon as it touches the pixels already claimed. Taken strictly back
    /// to front, a face's far run came before the run that joins it to the claimed pixels, could
    /// not claim (the claimed pixels must stay one run), and was drawn a second time in the row
    /// pass: a quarter of a 1080p cube frame at 30°.
    @inline(__always)
    private func occlude(
        y: Int, drawers: UnsafeMutableBufferPointer<LayerDrawer>, spans: UnsafePointer<RowSpans>,
        hiddenAbove: UnsafeMutablePointer<Range<Int>>, draw: (Int, Int, Range<Int>) -> Bool
    ) -> Range<Int> {
        var hidden = 0..<0
        /// Claims layer k's pixels if it may; false when it lies apart from the claimed pixels
        /// (it may yet claim once a sibling run joins them).
        func claim(_ k: Int) -> Bool {
            let box = drawers[k].box
            guard y >= box.y0 && y < box.y1, drawerOpaque[k] else { return true }
            let inner = spans[k].interior
            guard !inner.isEmpty else { return true }
            if hidden.isEmpty {
                if draw(k, 0, inner) { hidden = inner }
                return true
            }
            guard inner.lowerBound <= hidden.upperBound && hidden.lowerBound <= inner.upperBound
            else { return false }
            // Only the parts beside the claimed pixels, so no pixel of a layer in front is
            // overwritten; the union stays one run.
            let left = inner.lowerBound..<max(inner.lowerBound, hidden.lowerBound)
            let right = min(inner.upperBound, hidden.upperBound)..<inner.upperBound
            var opaque = true
            if !left.isEmpty { opaque = draw(k, 0, left) && opaque }
            if !right.isEmpty { opaque = draw(k, 1, right) && opaque }
            if opaque {
                hidden =
                    min(
                        inner.lowerBound, hidden.lowerBound)..<max(
                        inner.upperBound, hidden.upperBound)
            }
            return true
        }
        var end = drawers.count
        while end > 0 {
            let start = drawerLayerStart[end - 1]
            // Bit i: drawer start + i has not claimed yet (a face has at most three runs).
            var waiting: UInt64 = end - start >= 64 ? ~0 : (1 << UInt64(end - start)) - 1
            var progress = true
            while progress && waiting != 0 {
                progress = false
                // Back to front, written out: a reversed range's iterator cost a fifth of the
                // plan's instructions.
                var k = end
                while k > start {
                    k -= 1
                    let bit: UInt64 = 1 << UInt64(k - start)
                    if waiting & bit != 0 && claim(k) {
                        waiting &= ~bit
                        progress = true
                    }
                }
            }
            // Its own pixels and those in front: its siblings' lie beside its box, so they
            // change nothing.
            for k in start..<end { hiddenAbove[k] = hidden }
            end = start
        }
        return hidden
    }

    /// Before any row is drawn: the pixels the occlusion pass would store on every row of the
    /// frame, per turning face and part (`occluderLo`, `occluderHi`: layer k's part i of row
    /// r at `(k * 2 + i) * rows + r`). Every occluder is a turning face over an opaque page
    /// (`prepaintsOccluders`), so the parts follow from the rule alone, every part opaque.
    func planOccluderParts(frame: BandFrame) {
        let scratch = bands[bands.count - 1]
        scratch.drawers = drawers
        let count = drawers.count
        let rows = frame.limit.y1 - frame.limit.y0, slots = count * 2 * rows
        guard count > 0, rows > 0 else { return }
        occluderLo.removeAll(keepingCapacity: true)
        occluderHi.removeAll(keepingCapacity: true)
        occluderLo.append(contentsOf: repeatElement(0, count: slots))
        occluderHi.append(contentsOf: repeatElement(0, count: slots))
        plannedHidden.removeAll(keepingCapacity: true)
        plannedHidden.append(contentsOf: repeatElement(0..<0, count: rows))
        plannedHiddenAbove.removeAll(keepingCapacity: true)
        plannedHiddenAbove.append(contentsOf: repeatElement(0..<0, count: count * rows))
        plannedSpans.removeAll(keepingCapacity: true)
        plannedSpans.append(contentsOf: repeatElement(.empty, count: count * rows))
        occluderBounds.removeAll(keepingCapacity: true)
        occluderBounds.append(
            contentsOf: repeatElement(
                PixelBox(x0: .max, y0: .max, x1: .min, y1: .min), count: count * 2))
        // Every table through its pointer: no copy-on-write check per element written (the
        // array writes cost half a million instructions a frame).
        scratch.drawers.withUnsafeMutableBufferPointer { drawers in
            plannedSpans.withUnsafeMutableBufferPointer { spans in
                plannedHiddenAbove.withUnsafeMutableBufferPointer { above in
                    withOccluderTables { lo, hi, bounds in
                        for r in 0..<rows {
                            let y = frame.limit.y0 + r
                            let rowSpans = spans.baseAddress! + r * count
                            findSpans(y: y, drawers: drawers, into: rowSpans)
                            // Every occluder is opaque here, so the rule alone decides the parts.
                            plannedHidden[r] = occlude(
                                y: y, drawers: drawers, spans: rowSpans,
                                hiddenAbove: above.baseAddress! + r * count
                            ) { k, index, part in
                                let slot = k * 2 + index
                                lo[slot * rows + r] = Int32(part.lowerBound)
                                hi[slot * rows + r] = Int32(part.upperBound)
                                bounds[slot].x0 = smaller(bounds[slot].x0, part.lowerBound)
                                bounds[slot].x1 = larger(bounds[slot].x1, part.upperBound)
                                bounds[slot].y0 = smaller(bounds[slot].y0, r)
                                bounds[slot].y1 = r + 1
                                return true
                            }
                        }
                    }
                }
            }
        }
    }

    /// The tile phase's tables (`occluderLo`, `occluderHi`, `occluderBounds`) through their
    /// pointers.
    private func withOccluderTables(
        _ body: (
            UnsafeMutableBufferPointer<Int32>, UnsafeMutableBufferPointer<Int32>,
            UnsafeMutableBufferPointer<PixelBox>
        ) -> Void
    ) {
        occluderLo.withUnsafeMutableBufferPointer { lo in
            occluderHi.withUnsafeMutableBufferPointer { hi in
                occluderBounds.withUnsafeMutableBufferPointer { bounds in body(lo, hi, bounds) }
            }
        }
    }

    /// Columns of the frame a band claims at a time in the tile phase (four tiles).
    static let tileChunk = 64

    /// The tile phase: the turning faces' occluding pixels of the whole frame, in chunks of
    /// columns claimed from a shared counter, each drawn in tiles of 16 columns × every row, so
    /// each screen column reads its pair column as one stream. Nothing the row pass does after
    /// overwrites them (they are hidden from the background and from every layer beneath), and
    /// the layers above blend over them in the row pass, as they would have.
    private func drawOccluderTiles(frame: BandFrame, alone: Bool) {
        let limit = frame.limit, rows = limit.y1 - limit.y0
        let dst = frame.base + limit.y0 &* frame.stridePixels
        // Chunks start where the kernels' tiles do: on a 64-byte line of the frame's rows (its
        // memory may start 16 bytes past one), so no tile is cut in two by a chunk's clip.
        let phase = Int(ks_tile_phase(dst))
        let first = ((limit.x0 - phase) & ~(LayerCompositor.tileChunk - 1)) + phase
        occluderLo.withUnsafeBufferPointer { lo in
            occluderHi.withUnsafeBufferPointer { hi in
                guard let lo = lo.baseAddress, let hi = hi.baseAddress else { return }
                while true {
                    let chunk =
                        alone ? nextChunkAlone() : nextStripe.add(1, ordering: .relaxed).oldValue
                    let x0 = first + chunk * LayerCompositor.tileChunk
                    guard x0 < limit.x1 else { return }
                    let clip = max(x0, limit.x0)..<min(x0 + LayerCompositor.tileChunk, limit.x1)
                    for (k, d) in drawers.enumerated() {
                        guard let pairs = d.turningPairs else { continue }
                        let plan = d.plan
                        for index in 0..<2 {
                            // Only the parts this chunk meets, over only their rows (each
                            // call scans its rows for the columns they reach).
                            let bounds = occluderBounds[k * 2 + index]
                            guard bounds.x0 < clip.upperBound && bounds.x1 > clip.lowerBound,
                                bounds.y0 < bounds.y1
                            else { continue }
                            let slot = (k * 2 + index) * rows + bounds.y0
                            pairs.drawTiles(
                                rows: bounds.y1 - bounds.y0, y0: limit.y0 + bounds.y0,
                                lo: lo + slot, hi: hi + slot, clip: clip,
                                dst: dst + bounds.y0 &* frame.stridePixels,
                                stridePixels: frame.stridePixels, colour: plan.colour,
                                alpha: plan.alpha)
                        }
                    }
                }
            }
        }
    }

    private func nextChunkAlone() -> Int {
        defer { stripeAlone += 1 }
        return stripeAlone
    }
}
