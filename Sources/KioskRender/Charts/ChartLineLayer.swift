import KioskCore

/// A chart's lines kept between samples in a transparent layer of device pixels, so a new
/// sample moves what is drawn left by whole pixels and traces only the strips that changed (the
/// newest segments, and the oldest where the ring dropped a sample) instead of the whole
/// history. Anything else that moved (the axis, the plot, the colours, a history that was
/// replaced, a shift that is not whole pixels) draws the layer again in full.
final class ChartLineLayer {
    /// What the layer's pixels depend on besides the samples.
    struct Geometry: Equatable {
        let plot: Rect
        let axis: ClosedRange<Double>
        let style: ChartStyle
        let colors: [RGBA]
        let transform: [Double]
    }

    /// Where each series stood when last drawn.
    private struct SeriesMark {
        let history: ObjectIdentifier
        let start: Double
        let span: Double
        let oldest: Double
        /// The second newest sample: a sample replaces at most the newest (within a slot of a
        /// time window), so the segments from here on are all that can have changed.
        let settled: Double
        let version: Int
    }

    private let image: ImageBuffer
    /// The layer's top left corner on the target, in whole device pixels.
    private let originX: Int
    private let originY: Int
    private var geometry: Geometry?
    private var marks: [SeriesMark] = []

    /// Full redraws and scrolls so far (the tests and the bench read them).
    private(set) var fullDraws = 0
    private(set) var scrolls = 0

    /// A layer covering `plot` as `cairo` maps it; nil when it would be empty or too large.
    init?(covering plot: Rect, on cairo: CairoContext) {
        let t = cairo.deviceTransform
        let x0 = (plot.minX * t.scale + t.x0).rounded(.down)
        let y0 = (plot.minY * t.scale + t.y0).rounded(.down)
        let x1 = (plot.maxX * t.scale + t.x0).rounded(.up)
        let y1 = (plot.maxY * t.scale + t.y0).rounded(.up)
        guard x1 > x0, y1 > y0, x1 - x0 <= 16384, y1 - y0 <= 16384,
            let image = try? ImageBuffer(width: Int(x1 - x0), height: Int(y1 - y0))
        else { return nil }
        self.image = image
        originX = Int(x0)
        originY = Int(y0)
    }

    /// Brings the layer up to `lines` and paints it onto `cairo` at the plot; with `scrolling`
    /// off it is drawn in full.
    func draw(_ lines: ChartLines, onto cairo: CairoContext, scrolling: Bool = true) {
        let t = cairo.deviceTransform
        let geometry = Geometry(
            plot: lines.plot, axis: lines.axis, style: lines.style,
            colors: lines.series.map(\.color), transform: [t.scale, t.x0, t.y0])
        let layer = CairoContext(target: image)
        layer.setDeviceTransform(
            scale: t.scale, x0: t.x0 - Double(originX), y0: t.y0 - Double(originY))
        if !scrolling || geometry != self.geometry || !scroll(to: lines, in: layer, scale: t.scale)
        {
            layer.clearDevice(
                Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height)))
            lines.draw(in: layer)
            fullDraws += 1
        }
        self.geometry = geometry
        marks = lines.series.map(Self.mark)
        cairo.paintDevice(image, x: originX, y: originY)
    }

    private static func mark(_ s: ChartLines.Series) -> SeriesMark {
        SeriesMark(
            history: ObjectIdentifier(s.history), start: s.start, span: s.span,
            oldest: s.history.count > 0 ? s.history[0].time : 0,
            settled: s.history.count > 1 ? s.history[s.history.count - 2].time : -.infinity,
            version: s.history.version)
    }

    /// Moves the layer by the series' common shift and redraws the strips that changed; false
    /// when that cannot give a full redraw's pixels.
    private func scroll(to lines: ChartLines, in layer: CairoContext, scale: Double) -> Bool {
        // Only at scale 1: at scale 2 a layer moved and patched differed from a full redraw by
        // up to 9 levels in up to 38 pixels spread over the plot (lines and areas alike, not
        // only at the patched strips; cause not found), so a scaled chart is drawn in full.
        guard scale == 1 else { return false }
        guard marks.count == lines.series.count, !lines.series.isEmpty else { return false }
        let pixelsPerUnit = lines.plot.width * scale
        var shift: Int?
        for (mark, s) in zip(marks, lines.series) {
            guard mark.history == ObjectIdentifier(s.history), mark.span == s.span,
                s.history.count > 0
            else { return false }
            let exact = (s.start - mark.start) / s.span * pixelsPerUnit
            let whole = exact.rounded()
            // Whole pixels or nothing: a fractional move would blur the lines a little more
            // with every sample.
            guard abs(exact - whole) < 1e-3, whole >= 0, shift == nil || shift == Int(whole)
            else { return false }
            shift = Int(whole)
        }
        let by = shift ?? 0
        guard by < image.width / 2 else { return false }
        if marks.map(\.version) == lines.series.map(\.history.version), by == 0 { return true }
        shiftLeft(by: by)
        // A line's width and a pixel of antialiasing on either side of a strip.
        let reach = PageRenderer.chartLineWidth + 2 / scale
        var newest = lines.plot.maxX - Double(by) / scale - reach
        var oldest = lines.plot.minX
        for (mark, s) in zip(marks, lines.series) {
            newest = min(newest, lines.x(mark.settled, in: s))
            if s.history[0].time != mark.oldest {
                oldest = max(oldest, lines.x(max(mark.oldest, s.history[0].time), in: s))
            }
        }
        redrawStrip((newest - reach)...lines.plot.maxX + reach, of: lines, in: layer, reach: reach)
        // The plot's left edge too whenever the layer moved: the columns that moved onto it were
        // drawn away from the clip, while a full redraw clips them where the plot begins (inside
        // a device pixel when the plot does not start on one).
        if by > 0 || oldest > lines.plot.minX {
            redrawStrip(
                lines.plot.minX - reach...oldest + reach, of: lines, in: layer, reach: reach)
        }
        scrolls += 1
        return true
    }

    /// Clears the device pixels under `strip` (user units across, the whole height) and traces
    /// the samples that reach into it.
    private func redrawStrip(
        _ strip: ClosedRange<Double>, of lines: ChartLines, in layer: CairoContext, reach: Double
    ) {
        let t = layer.deviceTransform
        let left = max(0, (strip.lowerBound * t.scale + t.x0).rounded(.down))
        let right = min(Double(image.width), (strip.upperBound * t.scale + t.x0).rounded(.up))
        guard right > left else { return }
        let device = Rect(x: left, y: 0, width: right - left, height: Double(image.height))
        layer.clearDevice(device)
        layer.withSavedState {
            layer.clipDevice(device)
            lines.draw(in: layer, strip: strip, reach: reach)
        }
    }

    /// Moves every row `by` pixels left and clears the columns that come in on the right.
    private func shiftLeft(by: Int) {
        guard by > 0 else { return }
        let base = image.pixels
        let keep = (image.width - by) * 4
        for row in 0..<image.height {
            let line = base + row * image.stride
            line.copyMemory(from: line + by * 4, byteCount: keep)  // memmove: ranges overlap
            (line + keep).initializeMemory(as: UInt8.self, repeating: 0, count: by * 4)
        }
        image.markDirty()
    }
}
