import KioskCore

/// Layout of `chart`, `gauge`, `bar` and `qr`: a card of a fixed height (the value never changes
/// it), one dynamic region over the whole card, so a new sample redraws that card and nothing
/// else (none for a QR code of fixed text).
extension PanelLayout {
    static func chartWidget(
        _ widget: Widget, at origin: Point, width: Double, page: Rect, index: Int
    ) -> (height: Double, regions: [DynamicRegion]) {
        let height: Double
        let source: DynamicRegion.Source
        switch widget {
        case .chart(let w):
            height = sane(w.height)
            source = .chart(names: w.values)
        case .gauge(let w):
            height = sane(w.size)
            source = .value(name: w.value)
        case .bar(let w):
            height = sane(w.height)
            source = .value(name: w.value)
        case .qr(let w):
            height = sane(w.size)
            guard case .value(let name) = w.content else { return (height, []) }
            source = .value(name: name)
        default:
            return (0, [])
        }
        let rect = Rect(x: origin.x, y: origin.y, width: width, height: height)
        guard let visible = rect.intersection(page) else { return (height, []) }
        return (height, [DynamicRegion(rect: visible, source: source, widgetIndex: index)])
    }
}

extension Typography {
    func chartText(
        _ s: String, size: Double, weight: FontWeight = .regular, width: Double,
        alignment: KioskCore.TextAlignment = .left
    ) -> TextLayout {
        TextLayout(
            context: text, text: s, family: theme.fontFamily, size: size, weight: weight,
            width: width, alignment: alignment, ellipsizes: true)
    }
}

/// Formats a chart's numbers: as few decimals as tell them apart (none above 100, one above 10).
enum ChartNumber {
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        let magnitude = abs(value)
        let decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : 2
        var scaled = (value * pow10(decimals)).rounded() / pow10(decimals)
        if scaled == 0 { scaled = 0 }  // no "-0"
        // Whole numbers through the overflow-safe writer: a payload of "1e30" is a number too.
        if decimals == 0 { return DecimalText.fixed(value, decimals: 0) }
        let text = String(scaled)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    private static func pow10(_ n: Int) -> Double { n == 0 ? 1 : n == 1 ? 10 : 100 }
}
