import KioskCore

/// Layout of the widgets that show live values. Their size never depends on the values (a
/// value card is one line, a template one line per template line, a generated list keeps room
/// for `maxRows` rows), so new data redraws only their dynamic regions and never moves the
/// page below them.
extension PanelLayout {
    static func liveWidget(
        _ widget: Widget, at origin: Point, width: Double, page: Rect, index: Int, type: Typography
    ) -> (height: Double, parts: [Rect], regions: [DynamicRegion]) {
        var parts: [Rect] = []
        var regions: [DynamicRegion] = []
        let height: Double
        func region(_ rect: Rect, _ source: DynamicRegion.Source) {
            if let visible = rect.intersection(page) {
                regions.append(DynamicRegion(rect: visible, source: source, widgetIndex: index))
            }
        }
        switch widget {
        case .value(let w):
            height = type.fileValueCardHeight(
                FileValueWidget(label: w.label, path: "", unit: w.unit), width: width)
            region(
                Rect(x: origin.x, y: origin.y, width: width, height: height), .value(name: w.value))
        case .liveText(let w):
            height = type.liveText(w, text: w.template, width: width).size.height.rounded(.up)
            region(
                Rect(x: origin.x, y: origin.y, width: width, height: height), .template(w.template))
        case .valueRows(let w):
            let rowHeight = PanelMetrics.listRowHeight
            for row in 0..<max(1, w.maxRows) {
                let rect = Rect(
                    x: origin.x, y: origin.y + Double(row) * rowHeight, width: width,
                    height: rowHeight)
                parts.append(rect)
                region(rect, .row(name: w.value, index: row))
            }
            height = Double(parts.count) * rowHeight
        default:
            height = 0
        }
        return (height, parts, regions)
    }
}
