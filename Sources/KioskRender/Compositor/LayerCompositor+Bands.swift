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
    private func drawRow(_ y: Int, frame: BandFrame, scratch: BandScratch) {
        let row = frame.base + y &* frame.stridePixels
        let limit = frame.limit, background = frame.background
        guard fastPaths else {
            (row + limit.x0).update(repeating: background, count: limit.x1 - limit.x0)
            for d in scratch.drawers {
                let box = d.box
                if y >= box.y0 && y < box.y1 { d.draw(y: y, row: row, from: box.x0, to: box.x1) }
            }
            return
        }
        let hidden =
            prepaintsOccluders
            // Already stored by `drawOccluderTiles` and planned by `planOccluderParts`.
            ? plannedOcclusion(row: y - limit.y0, scratch: scratch)
            : drawOccluders(y: y, row: row, scratch: scratch)
        // Background and layers only where no opaque layer in front covers them.
        LayerCompositor.fill(row, background, limit.x0..<limit.x1, except: hidden)
        // The pixels drawn on so far (a hull): outside it the row still holds the background,
        // which a translucent layer's loop may blend with without reading it.
        var drawn = hidden
        // The band's drawers read once for the row; each is passed on in place, never bound to
        // a local (a drawer is a few hundred bytes, and this runs per drawer and row).
        let drawers = scratch.drawers
        for k in drawers.indices {
            let box = drawers[k].box
            guard y >= box.y0 && y < box.y1 else { continue }
            let h = scratch.hiddenAbove[k]
            if h.isEmpty {
                LayerCompositor.draw(
                    drawers[k], y: y, row: row, box.x0..<box.x1, drawn: drawn,
                    background: background)
            } else {
                let left = box.x0..<max(box.x0, min(box.x1, h.lowerBound))
                let right = min(box.x1, max(box.x0, h.upperBound))..<box.x1
                LayerCompositor.draw(
                    drawers[k], y: y, row: row, left, drawn: drawn, background: background)
                LayerCompositor.draw(
                    drawers[k], y: y, row: row, right, drawn: drawn, background: background)
            }
            drawn =
                drawn.isEmpty
                ? box.x0..<box.x1 : min(drawn.lowerBound, box.x0)..<max(drawn.upperBound, box.x1)
        }
    }

    /// Occlusion for row `y`: front to back, each fully opaque layer (opacity 1) draws its fully
    /// covered pixels first, over transparent pixels and beside those already claimed; when
    /// every pixel it wrote is opaque,
    /// nothing beneath can show there, so the background and the layers behind skip them. When
    /// one is not opaque (a transparent part of a page) its pixels are simply drawn again in
    /// order. `scratch.hiddenAbove[k]` gets the pixels layer k must not draw in the ordinary pass (its own
    /// and those in front of it); the result is the pixels the background must not fill.
    private func drawOccluders(y: Int, row: UnsafeMutablePointer<UInt32>, scratch: BandScratch)
        -> Range<Int>
    {
        let drawers = scratch.drawers  // read in place, as in `drawRow`
        return occlude(y: y, scratch: scratch) { k, _, part in
            // Over transparent pixels, so the result is opaque only where the layer is: the
            // specialised loops store as if over transparent pixels, the others need them cleared.
            let fresh = drawers[k].storesFresh
            if !fresh { (row + part.lowerBound).update(repeating: 0, count: part.count) }
            drawers[k].draw(
                y: y, row: row, from: part.lowerBound, to: part.upperBound, fresh: fresh)
            return allOpaque(row + part.lowerBound, count: part.count)
        }
    }

    /// Row `r`'s occlusion as `planOccluderParts` found it: sets `scratch.hiddenAbove` and
    /// returns the pixels the background must not fill.
    private func plannedOcclusion(row r: Int, scratch: BandScratch) -> Range<Int> {
        let rows = plannedHidden.count
        for k in scratch.hiddenAbove.indices {
            scratch.hiddenAbove[k] = plannedHiddenAbove[k * rows + r]
        }
        return plannedHidden[r]
    }

    /// The occlusion rule of `drawOccluders` without the drawing: `draw(k, index, part)` stores
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
        y: Int, scratch: BandScratch, draw: (Int, Int, Range<Int>) -> Bool
    ) -> Range<Int> {
        var hidden = 0..<0
        let drawers = scratch.drawers  // read in place, as in `drawRow`
        /// Claims layer k's pixels if it may; false when it lies apart from the claimed pixels
        /// (it may yet claim once a sibling run joins them).
        func claim(_ k: Int) -> Bool {
            let box = drawers[k].box
            guard y >= box.y0 && y < box.y1, drawerOpaque[k] else { return true }
            let inner = drawers[k].interior(y: y)
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
            var start = end - 1
            while start > 0 && drawerLayer[start - 1] == drawerLayer[end - 1] { start -= 1 }
            // Bit i: drawer start + i has not claimed yet (a face has at most three runs).
            var waiting: UInt64 = end - start >= 64 ? ~0 : (1 << UInt64(end - start)) - 1
            var progress = true
            while progress && waiting != 0 {
                progress = false
                for k in (start..<end).reversed() where waiting & (1 << UInt64(k - start)) != 0 {
                    if claim(k) {
                        waiting &= ~(1 << UInt64(k - start))
                        progress = true
                    }
                }
            }
            // Its own pixels and those in front: its siblings' lie beside its box, so they
            // change nothing.
            for k in start..<end { scratch.hiddenAbove[k] = hidden }
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
        scratch.hiddenAbove = Array(repeating: 0..<0, count: drawers.count)
        let rows = frame.limit.y1 - frame.limit.y0, slots = drawers.count * 2 * rows
        occluderLo.removeAll(keepingCapacity: true)
        occluderHi.removeAll(keepingCapacity: true)
        occluderLo.append(contentsOf: repeatElement(0, count: slots))
        occluderHi.append(contentsOf: repeatElement(0, count: slots))
        plannedHidden.removeAll(keepingCapacity: true)
        plannedHiddenAbove.removeAll(keepingCapacity: true)
        plannedHiddenAbove.append(contentsOf: repeatElement(0..<0, count: drawers.count * rows))
        occluderBounds.removeAll(keepingCapacity: true)
        occluderBounds.append(
            contentsOf: repeatElement(
                PixelBox(x0: .max, y0: .max, x1: .min, y1: .min), count: drawers.count * 2))
        for r in 0..<rows {
            // Every occluder is opaque here, so the rule alone decides the parts.
            let hidden = occlude(y: frame.limit.y0 + r, scratch: scratch) { k, index, part in
                let slot = k * 2 + index
                occluderLo[slot * rows + r] = Int32(part.lowerBound)
                occluderHi[slot * rows + r] = Int32(part.upperBound)
                occluderBounds[slot].x0 = min(occluderBounds[slot].x0, part.lowerBound)
                occluderBounds[slot].x1 = max(occluderBounds[slot].x1, part.upperBound)
                occluderBounds[slot].y0 = min(occluderBounds[slot].y0, r)
                occluderBounds[slot].y1 = r + 1
                return true
            }
            plannedHidden.append(hidden)
            for k in drawers.indices { plannedHiddenAbove[k * rows + r] = scratch.hiddenAbove[k] }
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

    /// Draws `range` of row `y` with `d`: the parts outside `drawn` hold `background` only.
    @inline(__always)
    private static func draw(
        _ d: LayerDrawer, y: Int, row: UnsafeMutablePointer<UInt32>, _ range: Range<Int>,
        drawn: Range<Int>,
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
}
