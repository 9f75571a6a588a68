extension LayerCompositor {
    /// The drawers of a row-projective layer (a vertical cube's face, a flip or fold top to
    /// bottom): one `RowLineMapper` over the whole box, or, where a face that reads one source
    /// row per output row is squeezed up and down beyond 2× (4×) and its page has half- and
    /// quarter-height copies (`MinifiedCopies`), one per run of rows (`MinifiedRuns`), the
    /// squeezed ones reading the smaller copy: every page row then counts, so text keeps its
    /// glyph rows while the face turns. Rows at level 0 are drawn exactly as before.
    func appendRowRuns(plan: LayerPlan, surface: ImageBuffer, source: BilinearSource) {
        // As for the column loop: one alpha for a translucent layer over an opaque surface.
        let opaque = plan.alpha < 256 && LayerCompositor.isOpaque(surface)
        let whole = RowLineMapper(
            plan.inverse, y0: plan.box.y0, y1: plan.box.y1, source: source, opaqueSource: opaque)
        // Only a face whose rows each read one source row (v constant along the row) is
        // squeezed by one number per row; anything else stays whole.
        guard whole.line == .row else {
            drawers.append(.lines(plan, whole, source))
            return
        }
        let runs = MinifiedRuns.runs(plan.inverse, box: plan.box, axis: .height)
        // Squeezed somewhere: worth height copies once the frame is shown, read from then on.
        if runs.contains(where: { $0.level > 0 }), turningSurfaces[ObjectIdentifier(surface)] == nil
        {
            turningSurfaces[ObjectIdentifier(surface)] = .height
        }
        guard readsNarrowerCopies, let copies = surface.minified, copies.axis == .height,
            runs.count > 1 || runs.first?.level != 0
        else {
            drawers.append(.lines(plan, whole, source))
            return
        }
        for run in runs {
            var part = plan
            part.box.y0 = run.start
            part.box.y1 = run.end
            guard run.level > 0 else {
                let mapper = RowLineMapper(
                    part.inverse, y0: run.start, y1: run.end, source: source, opaqueSource: opaque)
                drawers.append(.lines(part, mapper, source))
                continue
            }
            part.inverse = MinifiedRuns.inverse(plan.inverse, level: run.level, axis: .height)
            let partSource = BilinearSource(copies.level(run.level))
            let mapper = RowLineMapper(
                part.inverse, y0: run.start, y1: run.end, source: partSource, opaqueSource: opaque)
            drawers.append(.lines(part, mapper, partSource))
        }
    }
}
