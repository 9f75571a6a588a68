import KioskCore

/// Draws a `gauge` (a 270° arc filled up to the value, thresholds as coloured stretches outside
/// it, the number in the centre) and a `bar` (a filled level with its thresholds under it).
extension PageRenderer {
    static let gaugeSweepStart = 0.75 * Double.pi
    static let gaugeSweep = 1.5 * Double.pi

    func drawGauge(
        _ w: GaugeWidget, rect: Rect, in cairo: CairoContext, type: Typography,
        context: RenderContext
    ) {
        let theme = type.theme
        cairo.fillRoundedRect(rect, radius: theme.cornerRadius, color: theme.surface)
        let reading = LevelReading(context.values(w.value))
        let label = type.fileLabel(w.label, width: max(0, rect.width - 2 * Self.chartInset))
        let labelY = rect.maxY - Self.chartInset - label.size.height
        let radius = max(
            4, min(rect.width / 2 - Self.chartInset, (labelY - rect.minY - Self.chartInset) / 1.7))
        let thickness = max(4, radius * 0.16)
        let center = Point(x: rect.midX, y: rect.minY + Self.chartInset + radius + thickness / 2)
        let angle = { (v: Double) in
            Self.gaugeSweepStart + Self.fraction(v, w.minimum, w.maximum) * Self.gaugeSweep
        }
        let end = Self.gaugeSweepStart + Self.gaugeSweep
        cairo.strokeArc(
            center: center, radius: radius, from: Self.gaugeSweepStart, to: end,
            lineWidth: thickness, color: theme.divider)
        for band in ScaleBand.bands(
            of: context.chartData(w.value).thresholds, low: w.minimum, high: w.maximum)
        {
            cairo.strokeArc(
                center: center, radius: radius + thickness * 0.9, from: angle(band.from),
                to: angle(band.to), lineWidth: thickness * 0.35,
                color: Self.color(of: band.level, theme: theme))
        }
        if let number = reading.number {
            cairo.strokeArc(
                center: center, radius: radius, from: Self.gaugeSweepStart, to: angle(number),
                lineWidth: thickness, color: reading.fill(theme))
        }
        let layout = type.fileValue(
            reading.text, unit: reading.number == nil ? nil : w.unit,
            width: 1.6 * radius - thickness)
        let textWidth = min(layout.naturalWidth, 1.6 * radius)
        layout.draw(
            in: cairo,
            at: Point(x: center.x - textWidth / 2, y: center.y - layout.size.height / 2),
            color: reading.textColor(theme))
        let labelWidth = min(label.naturalWidth, rect.width - 2 * Self.chartInset)
        label.draw(
            in: cairo, at: Point(x: rect.midX - labelWidth / 2, y: labelY),
            color: reading.isStale ? theme.mutedText : theme.accent)
    }

    func drawBar(
        _ w: BarWidget, rect: Rect, in cairo: CairoContext, type: Typography,
        context: RenderContext
    ) {
        let theme = type.theme
        let reading = LevelReading(context.values(w.value))
        let inset = Self.chartInset
        let inner = max(0, rect.width - 2 * inset)
        let label = drawCard(
            rect, label: w.label, labelWidth: inner * 0.6, inset: inset, in: cairo, type: type)
        var text = reading.text
        if reading.number != nil, let unit = w.unit { text += " \(unit)" }
        let valueLayout = type.chartText(
            text, size: theme.bodySize, weight: .bold, width: inner * 0.4, alignment: .right)
        valueLayout.draw(
            in: cairo, at: Point(x: rect.maxX - inset - inner * 0.4, y: rect.minY + inset - 4),
            color: reading.textColor(theme))
        let top = rect.minY + inset + max(label.size.height, valueLayout.size.height) + 10
        let area = Rect(
            x: rect.minX + inset, y: top, width: inner, height: max(0, rect.maxY - inset - top))
        let thick = 18.0
        let track: Rect
        switch w.orientation {
        case .horizontal:
            track = Rect(x: area.minX, y: area.midY - thick / 2, width: area.width, height: thick)
        case .vertical:
            track = Rect(x: area.midX - thick, y: area.minY, width: 2 * thick, height: area.height)
        }
        guard track.width > 0, track.height > 0 else { return }
        cairo.fillRoundedRect(track, radius: thick / 2, color: theme.divider)
        // Thresholds as a thin strip beside the track, where the fill never covers them.
        for band in ScaleBand.bands(
            of: context.chartData(w.value).thresholds, low: w.minimum, high: w.maximum)
        {
            let a = Self.fraction(band.from, w.minimum, w.maximum)
            let b = Self.fraction(band.to, w.minimum, w.maximum)
            let strip: Rect
            switch w.orientation {
            case .horizontal:
                strip = Rect(
                    x: track.minX + a * track.width, y: track.maxY + 4,
                    width: (b - a) * track.width, height: 5)
            case .vertical:
                strip = Rect(
                    x: track.maxX + 4, y: track.maxY - b * track.height, width: 5,
                    height: (b - a) * track.height)
            }
            cairo.fill(strip, color: Self.color(of: band.level, theme: theme))
        }
        guard let number = reading.number else { return }
        let f = Self.fraction(number, w.minimum, w.maximum)
        guard f > 0 else { return }
        let filled: Rect
        switch w.orientation {
        case .horizontal:
            filled = Rect(
                x: track.minX, y: track.minY, width: f * track.width, height: track.height)
        case .vertical:
            filled = Rect(
                x: track.minX, y: track.maxY - f * track.height, width: track.width,
                height: f * track.height)
        }
        cairo.withSavedState {
            cairo.clip(toRoundedRect: track, radius: thick / 2)
            cairo.fill(filled, color: reading.fill(theme))
        }
    }

    /// Where `value` sits between `low` and `high`, 0…1 (clamped: a value off the scale pins
    /// the needle at its end instead of drawing outside the card).
    static func fraction(_ value: Double, _ low: Double, _ high: Double) -> Double {
        guard high > low, value.isFinite else { return 0 }
        return min(1, max(0, (value - low) / (high - low)))
    }
}
