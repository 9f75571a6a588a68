/// Pages stored for turning: while a cube turns, the faces the compositor draws as turning faces
/// get their half- and quarter-size copies (`MinifiedCopies`, for the parts squeezed beyond 2×:
/// shrunk in width for a horizontal cube's faces, in height for a vertical cube's) and, for the
/// column loop's faces when the compositor reads them (`LayerCompositor.pairTier`), a
/// column-pair copy (`PairLayout`), asked for after a frame is committed (never while one is
/// composed, so a tap's first moving frame still costs what it did) and built on a thread of its
/// own, and dropped once they stop turning.
extension PageSurfaceCache {
    /// Keeps copies only for the surfaces in `turning` (the compositor's `turningSurfaces` of
    /// the frame just shown, with the axis each one's copies shrink along) and builds at most
    /// `limit` pages' missing ones (`pairs`: the column-pair layouts of the column loop's faces
    /// too). Returns how many pages got copies. An empty set (the cube settled) frees them all.
    ///
    /// The layouts are built on a thread of their own (`TurningLayoutBuilder`) and attached by a
    /// later call, the first after they are ready: until then the compositor draws those faces
    /// from their row-major pixels. (Without the thread they are built here, as before.)
    ///
    /// `keepingOthers`: the navigation has not settled (a finger is down, or the cube still
    /// moves), so pages that left `turning` keep what they have: a drag back and forth across
    /// the face at rest shows it flat for a frame, and it would be built again on the next sweep.
    @discardableResult
    public func storeForTurning(
        _ turning: [ObjectIdentifier: MinifiedCopies.Axis], pairs: Bool = true, limit: Int = 1,
        keepingOthers: Bool = false
    )
        -> Int
    {
        if turning.isEmpty && !keepingOthers { turningLayouts?.discardAll() }
        adoptTurningLayouts(turning, keepingOthers: keepingOthers)
        var built = 0
        for entry in entries.values {
            let buffer = entry.buffer
            guard let axis = turning[ObjectIdentifier(buffer)] else {
                if !keepingOthers {
                    buffer.dropPairLayouts()
                    buffer.minified = nil
                }
                continue
            }
            // A vertical cube's faces are read row by row: no column pairs.
            let wantsPairs = pairs && axis == .width
            if !wantsPairs { buffer.dropPairLayouts() }
            let missingPairs =
                wantsPairs && !buffer.hasPairLayouts
                && !(turningLayouts?.isPending(buffer) ?? false)
            let missing = buffer.minified?.axis != axis || missingPairs
            guard missing, built < limit else { continue }
            if buffer.minified?.axis != axis {
                buffer.minified = MinifiedCopies(of: buffer, axis: axis)
            }
            if wantsPairs { storePairLayouts(of: buffer) }
            built += 1
        }
        return built
    }

    /// Builds the page's missing layouts: on the builder's thread, made on first use, or here
    /// when it cannot start.
    private func storePairLayouts(of page: ImageBuffer) {
        if turningLayouts == nil, !triedTurningLayouts {
            triedTurningLayouts = true
            turningLayouts = TurningLayoutBuilder()
        }
        guard let builder = turningLayouts else {
            page.storePairLayouts()
            return
        }
        if !builder.isPending(page) { builder.submit(TurningLayoutJob(page: page)) }
    }

    /// Attaches the layouts the builder finished, for pages that still turn (in `turning`, or
    /// any while `keepingOthers`) with the pixels and copies they were built from; drops the
    /// others.
    private func adoptTurningLayouts(
        _ turning: [ObjectIdentifier: MinifiedCopies.Axis], keepingOthers: Bool = false
    ) {
        guard let builder = turningLayouts else { return }
        for job in builder.takeFinished()
        where (keepingOthers || turning[ObjectIdentifier(job.page)] == .width) && job.isCurrent {
            for (buffer, layout) in zip(job.buffers, job.layouts) where buffer.pairLayout == nil {
                buffer.pairLayout = layout
            }
        }
    }

    /// Blocks until the layouts asked for are built, and attaches them (`bench` and tests: a
    /// frame after this one draws every turning face from its layout).
    public func waitForTurningLayouts(_ turning: [ObjectIdentifier: MinifiedCopies.Axis]) {
        turningLayouts?.waitUntilIdle()
        adoptTurningLayouts(turning)
    }

    /// Bytes held by pages stored for turning.
    public var turningBytes: Int {
        entries.values.reduce(0) {
            $0 + $1.buffer.pairLayoutBytes + ($1.buffer.minified?.bytes ?? 0)
        }
    }
}

extension ImageBuffer {
    /// The page and its narrower copies (when it has them) each with a layout for turning: the
    /// column loop reads the copies through the same pair kernels as the page, so a face
    /// squeezed beyond 2× on part of its width is drawn by the tile phase like the rest.
    var hasPairLayouts: Bool { turningBuffers.allSatisfy { $0.pairLayout != nil } }

    /// Builds the missing layouts of `hasPairLayouts`.
    func storePairLayouts() {
        for buffer in turningBuffers where buffer.pairLayout == nil {
            buffer.pairLayout = PairLayout(of: buffer)
        }
    }

    /// Drops the layouts of the page and its two copies. Named one by one, not through
    /// `turningBuffers`, which builds an array: every redraw of any page calls this.
    func dropPairLayouts() {
        pairLayout = nil
        minified?.half.pairLayout = nil
        minified?.quarter.pairLayout = nil
    }

    /// Whether a redraw inside `box` updates the layouts for turning where it draws rather than
    /// dropping them: a clock or a value card on a turning face (a quarter of the page at most:
    /// the update runs on the frame's thread, 0.2 ms for a quarter of a 1080p page and 0.016 ms
    /// for a 400x100 card, measured; a whole layout takes 3 ms, built again on the builder's
    /// thread while the face is drawn from the page's pixels).
    func updatesLayoutsInPlace(_ box: PixelBox) -> Bool {
        let inside = box.intersection(PixelBox(x0: 0, y0: 0, x1: width, y1: height))
        guard !inside.isEmpty else { return true }
        return (inside.x1 - inside.x0) * (inside.y1 - inside.y0) * 4 <= width * height
    }

    /// Brings the minified copies up to date after a redraw inside `box` (`MinifiedCopies.update`)
    /// and, with `layouts`, the layouts of the page and of those copies where each changed.
    func updateTurningCopies(in box: PixelBox, layouts: Bool) {
        minified?.update(from: self, in: box, layouts: layouts)
        if layouts { pairLayout?.update(from: self, in: box) }
    }

    /// The page and its narrower copies, when it has them: each may have a layout.
    var turningBuffers: [ImageBuffer] {
        [self] + (minified.map { [$0.half, $0.quarter] } ?? [])
    }

    /// Bytes held by the layouts of the page and its copies.
    var pairLayoutBytes: Int {
        turningBuffers.reduce(0) { $0 + ($1.pairLayout?.bytes ?? 0) }
    }
}
