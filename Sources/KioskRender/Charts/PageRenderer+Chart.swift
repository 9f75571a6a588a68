import KioskCore

/// Draws a `chart`: each value's history as a line (or area) over its window, thresholds as
/// bands, a gap where a sample was not a number, the latest value written in the corner.
extension PageRenderer {
    static let chartInset = 20.0
    static let chartLineWidth = 2.5

    func drawChart(
        _ w: ChartWidget, rect: Rect, in cairo: CairoContext, type: Typography,
        context: RenderContext
    ) {
        let theme = type.theme
        let inset = Self.chartInset
        let inner = max(0, rect.width - 2 * inset)
        let label = drawCard(
            rect, label: w.label, labelWidth: inner * 0.5, inset: inset, in: cairo, type: type)
        let data = w.values.map { context.chartData($0) }
        drawLatest(w, data: data, rect: rect, in: cairo, type: type, context: context)
        let headerHeight = max(label.size.height, type.theme.bodySize * 1.3)
        let plot = Rect(
            x: rect.minX + inset, y: rect.minY + inset + headerHeight + 8, width: inner,
            height: max(0, rect.height - 2 * inset - headerHeight - 8))
        guard plot.width > 4, plot.height > 4 else { return }
        let scale = Self.axis(w, data: data)
        let y = { (value: Double) in
            plot.maxY - (value - scale.lowerBound) / (scale.upperBound - scale.lowerBound)
                * plot.height
        }
        for band in ScaleBand.bands(
            of: data.first?.thresholds, low: scale.lowerBound, high: scale.upperBound)
        {
            let top = y(band.to)
            cairo.fill(
                Rect(x: plot.minX, y: top, width: plot.width, height: y(band.from) - top),
                color: ChartPalette.band(band.level))
        }
        drawGrid(scale, plot: plot, y: y, in: cairo, type: type)
        let lines = chartLines(w, data: data, plot: plot, axis: scale, theme: theme, on: cairo)
        if let layer = chartLayers.layer(values: w.values, plot: plot, on: cairo) {
            layer.draw(lines, onto: cairo, scrolling: chartLayers.scrollsLayers)
        } else {
            lines.draw(in: cairo)
        }
        lines.drawLatestDots(in: cairo)
    }

    /// The series of a chart mapped onto its plot. A time window ends on a whole device pixel
    /// (at or just after the newest sample), so the next sample moves the lines by whole pixels
    /// and a `ChartLineLayer` can scroll instead of drawing them again.
    private func chartLines(
        _ w: ChartWidget, data: [ChartData], plot: Rect, axis: ClosedRange<Double>, theme: Theme,
        on cairo: CairoContext
    ) -> ChartLines {
        var end = data.compactMap { $0.history?.latest?.time }.max() ?? 0
        let scale = cairo.deviceTransform.scale
        if case .duration(let seconds) = data.lazy.compactMap({ $0.history?.length }).first,
            seconds > 0
        {
            let pixelsPerSecond = plot.width * scale / seconds
            end = (end * pixelsPerSecond).rounded(.up) / pixelsPerSecond
        }
        var series: [ChartLines.Series] = []
        for (index, item) in data.enumerated() {
            guard let history = item.history, history.count > 0 else { continue }
            let window = history.window(endingAt: end)
            series.append(
                ChartLines.Series(
                    history: history, color: ChartPalette.color(index, theme: theme),
                    start: window.lowerBound,
                    span: max(window.upperBound - window.lowerBound, 1e-9)))
        }
        return ChartLines(plot: plot, axis: axis, style: w.style, series: series)
    }

    /// Lines at the scale's ends and middle, with their numbers.
    private func drawGrid(
        _ scale: ClosedRange<Double>, plot: Rect, y: (Double) -> Double, in cairo: CairoContext,
        type: Typography
    ) {
        let theme = type.theme
        let middle = (scale.lowerBound + scale.upperBound) / 2
        for value in [scale.lowerBound, middle, scale.upperBound] {
            let lineY = y(value).rounded()
            cairo.fill(
                Rect(x: plot.minX, y: lineY, width: plot.width, height: 1), color: theme.divider)
            let text = type.chartText(
                ChartNumber.format(value), size: theme.smallSize * 0.85, width: plot.width / 4)
            let textY = value == scale.lowerBound ? lineY - text.size.height - 2 : lineY + 2
            text.draw(in: cairo, at: Point(x: plot.minX + 4, y: textY), color: theme.mutedText)
        }
    }

    /// The newest number of each value, right-aligned in the header in its line's colour.
    private func drawLatest(
        _ w: ChartWidget, data: [ChartData], rect: Rect, in cairo: CairoContext, type: Typography,
        context: RenderContext
    ) {
        let theme = type.theme
        var right = rect.maxX - Self.chartInset
        for (index, name) in w.values.enumerated().reversed() {
            let latest = data[index].history?.latest?.value
            let value = context.values(name)
            var text = latest.map(ChartNumber.format) ?? value?.text ?? "—"
            if let unit = w.unit, latest?.isNaN == false { text += " \(unit)" }
            let layout = type.chartText(
                text, size: theme.bodySize, weight: .bold, width: rect.width / 3, alignment: .right)
            let width = min(layout.naturalWidth, rect.width / 3)
            let level = value?.level ?? .normal
            let color =
                level == .normal
                ? ChartPalette.color(index, theme: theme)
                : Self.color(of: level, theme: theme)
            layout.draw(
                in: cairo, at: Point(x: right - rect.width / 3, y: rect.minY + Self.chartInset - 4),
                color: color)
            right -= width + 16
        }
    }

    /// The vertical scale: fixed ends as written, automatic ones from the numbers in view with a
    /// margin, never empty.
    static func axis(_ w: ChartWidget, data: [ChartData]) -> ClosedRange<Double> {
        let ranges = data.compactMap { $0.history?.range }
        let low = ranges.map(\.lowerBound).min()
        let high = ranges.map(\.upperBound).max()
        var bottom: Double
        var top: Double
        switch (w.minimum, w.maximum) {
        case (.fixed(let a), .fixed(let b)): return a...b
        case (.fixed(let a), .auto):
            bottom = a
            top = max(high ?? a + 1, a)
        case (.auto, .fixed(let b)):
            top = b
            bottom = min(low ?? b - 1, b)
        case (.auto, .auto):
            bottom = low ?? 0
            top = high ?? 1
        }
        let margin = max((top - bottom) * 0.08, abs(top) * 1e-6, 1e-9)
        if case .auto = w.minimum { bottom -= margin }
        if case .auto = w.maximum { top += margin }
        if top <= bottom { top = bottom + 1 }
        return bottom...top
    }
}

extension PageRenderer {
    /// Whether a chart's lines are kept between samples and scrolled (on by default); off, every
    /// sample draws the whole history again (the bench's and the tests' reference).
    public var scrollsCharts: Bool {
        get { chartLayers.isEnabled }
        set { chartLayers.isEnabled = newValue }
    }

    /// How often the kept chart layers were drawn in full and scrolled.
    public var chartLayerCounts: (fullDraws: Int, scrolls: Int) { chartLayers.counts }
}
