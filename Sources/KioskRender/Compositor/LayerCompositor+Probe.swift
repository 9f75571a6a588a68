import KioskCore

extension LayerCompositor {
    /// The surface point (pixel-centre coordinates: the centre of surface pixel (i, j) is (i, j))
    /// that `compose` samples for output pixel (x, y) of `layer`, quantised exactly as the inner
    /// loops quantise it; nil when the layer is not drawn. For tests of the geometry.
    static func sampledSourcePoint(
        layer: SceneLayer, surfaceWidth: Int, surfaceHeight: Int, x: Int, y: Int
    ) -> Point? {
        let limit = PixelBox(x0: x, y0: y, x1: x + 1, y1: y + 1)
        let wide = PixelBox(x0: -100_000, y0: -100_000, x1: 100_000, y1: 100_000)
        guard
            var plan = LayerPlan(
                layer: layer, surfaceWidth: surfaceWidth, surfaceHeight: surfaceHeight, limit: wide)
        else { return nil }
        plan.box = plan.box.intersection(limit)
        guard !plan.box.isEmpty else { return nil }
        let pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: 4)
        defer { pixels.deallocate() }
        let source = BilinearSource(
            base: pixels, width: surfaceWidth, height: surfaceHeight, stridePixels: surfaceWidth)
        func point(_ u: Int, _ v: Int) -> Point {
            let (c, fx) = source.column(u)
            let (r, fy) = source.row(v)
            return Point(x: Double(c) + Double(fx) / 16, y: Double(r) + Double(fy) / 16)
        }
        switch plan.kind {
        case .rowProjective:
            var m = RowLineMapper(plan.inverse, y0: y, y1: y + 1, source: source)
            m.startRow(y)
            // The fast loop: the row's fixed line (row or column) and weight, the other
            // coordinate stepped per pixel, clamped as the clamped loop clamps it.
            let r = m.rows
            switch m.line {
            case .row?: return Point(x: point(r.u0 &+ r.du &* x, 0).x, y: point(0, r.v0).y)
            case .column?: return Point(x: point(r.u0, 0).x, y: point(0, r.v0 &+ r.dv &* x).y)
            case nil:
                let (u, v) = m.coordinates(x)
                return point(u, v)
            }
        case .translation, .scaleTranslate, .affine:
            var m = RowMapper(plan.inverse)
            m.startRow(y)
            let (u, v) = m.coordinates(x)
            return point(u, v)
        case .projective:
            var m = ProjectiveMapper(plan.inverse)
            m.startRow(y)
            let (u, v) = m.coordinates(x)
            return point(u, v)
        case .columnProjective:
            let scratch = UnsafeMutableRawPointer.allocate(
                byteCount: ColumnMapper.bytesPerColumn, alignment: 16)
            defer { scratch.deallocate() }
            var m = ColumnMapper(plan.inverse, x0: x, x1: x + 1, scratch: scratch, source: source)
            m.startRow(y)
            guard m.fast else {
                let (u, v) = m.coordinates(x)
                return point(u, v)
            }
            // The fast loop: the column's precomputed offset and weight, v stepped per row.
            let e = m.entries[x]
            let fx = Double(e.weights[4]) / 16
            let v = point(0, e.v0 &+ e.dv &* y).y
            return Point(x: Double((e.top - UnsafeRawPointer(source.base)) / 4) + fx, y: v)
        }
    }
}
