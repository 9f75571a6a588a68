import KioskCore

/// The renderer's chart line layers (`ChartLineLayer`), one per chart as drawn (its values,
/// where its plot falls in device pixels), so each chart on a page scrolls on its own. Bounded:
/// past `capacity` charts it starts again, as a reload that moves every chart would.
final class ChartLayerCache {
    struct Key: Hashable {
        let values: [String]
        let plot: Rect
        let transform: [Double]
    }

    /// Off: every chart draws its lines straight onto the page (the reference the scrolled
    /// layers are compared with in the bench).
    var isEnabled = true
    /// Off: a layer is kept but drawn in full on every sample. The tests' reference for
    /// scrolling: the same layer's pixels, so any difference is the scroll's, not the rounding
    /// of compositing a layer instead of drawing onto the page.
    var scrollsLayers = true
    let capacity: Int
    private var layers: [Key: ChartLineLayer] = [:]

    init(capacity: Int = 32) { self.capacity = capacity }

    /// The layer for a chart of `values` with its plot at `plot` on `cairo`, made on first use.
    func layer(values: [String], plot: Rect, on cairo: CairoContext) -> ChartLineLayer? {
        guard isEnabled else { return nil }
        let t = cairo.deviceTransform
        let key = Key(values: values, plot: plot, transform: [t.scale, t.x0, t.y0])
        if let layer = layers[key] { return layer }
        guard let layer = ChartLineLayer(covering: plot, on: cairo) else { return nil }
        if layers.count >= capacity { layers.removeAll() }
        layers[key] = layer
        return layer
    }

    /// Full redraws and scrolls of every layer kept.
    var counts: (fullDraws: Int, scrolls: Int) {
        layers.values.reduce((0, 0)) { ($0.0 + $1.fullDraws, $0.1 + $1.scrolls) }
    }
}
