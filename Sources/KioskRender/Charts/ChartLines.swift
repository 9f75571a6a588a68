import KioskCore

/// The lines (and areas) of a chart's plot: which histories, in which colours, mapped how onto
/// the plot. The one drawing code for the whole plot and for a strip of it, so a scrolled
/// `ChartLineLayer` and a full redraw trace the same segments.
struct ChartLines {
    struct Series {
        let history: ValueHistory
        let color: RGBA
        /// The time at the plot's left edge and the seconds across it.
        let start: Double
        let span: Double
    }

    let plot: Rect
    let axis: ClosedRange<Double>
    let style: ChartStyle
    let series: [Series]

    func x(_ t: Double, in s: Series) -> Double { plot.minX + (t - s.start) / s.span * plot.width }

    func y(_ value: Double) -> Double {
        plot.maxY - (value - axis.lowerBound) / (axis.upperBound - axis.lowerBound) * plot.height
    }

    /// Draws every series clipped to the plot. With `strip` (user units across) only the samples
    /// within `reach` of it are traced: the caller clips to the strip, and a path cut further
    /// than a line's width away leaves the strip's pixels as the whole path would.
    func draw(in cairo: CairoContext, strip: ClosedRange<Double>? = nil, reach: Double = 0) {
        cairo.withSavedState {
            cairo.clip(to: plot)
            for s in series where s.history.count > 0 {
                let indices =
                    strip.map { samples(of: s, near: $0, reach: reach) } ?? 0..<s.history.count
                if style == .area {
                    var fill = s.color
                    fill.alpha = 0.22
                    trace(s, indices, in: cairo, closingAt: plot.maxY)
                    cairo.fillPath(color: fill)
                }
                trace(s, indices, in: cairo, closingAt: nil)
                cairo.strokePath(lineWidth: PageRenderer.chartLineWidth, color: s.color)
            }
        }
    }

    /// The newest sample's dot, drawn over the lines (it moves with every sample, so it is never
    /// part of a scrolled layer).
    func drawLatestDots(in cairo: CairoContext) {
        cairo.withSavedState {
            cairo.clip(to: plot)
            for s in series {
                guard let latest = s.history.latest, !latest.value.isNaN else { continue }
                cairo.fillCircle(
                    center: Point(x: x(latest.time, in: s), y: y(latest.value)), radius: 4,
                    color: s.color)
            }
        }
    }

    /// The samples whose segments can touch `strip`: one beyond `reach` on either side.
    private func samples(of s: Series, near strip: ClosedRange<Double>, reach: Double) -> Range<Int>
    {
        let history = s.history
        var first = 0
        var last = history.count
        for index in 0..<history.count {
            let px = x(history[index].time, in: s)
            if px < strip.lowerBound - reach { first = index }
            if px > strip.upperBound + reach {
                last = index + 1
                break
            }
        }
        return first..<last
    }

    /// One sub-path per run of numbers, so a gap stays empty. With `closingAt` each run is
    /// closed down to that baseline (the area under the line).
    private func trace(
        _ s: Series, _ indices: Range<Int>, in cairo: CairoContext, closingAt baseline: Double?
    ) {
        cairo.beginPath()
        var runStart: Double?
        var lastX = 0.0
        func closeRun() {
            if let baseline, let start = runStart {
                cairo.line(to: Point(x: lastX, y: baseline))
                cairo.line(to: Point(x: start, y: baseline))
                cairo.closePath()
            }
            runStart = nil
        }
        for index in indices {
            let sample = s.history[index]
            guard !sample.value.isNaN else {
                closeRun()
                continue
            }
            let point = Point(x: x(sample.time, in: s), y: y(sample.value))
            if runStart == nil {
                cairo.move(to: point)
                runStart = point.x
            } else {
                cairo.line(to: point)
            }
            lastX = point.x
        }
        closeRun()
    }
}
