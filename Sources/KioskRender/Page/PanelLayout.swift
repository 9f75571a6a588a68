import KioskCore

/// Where a panel's widgets go on a page of a given logical size: one vertical flow inside the
/// theme's padding, widgets separated by the theme's spacing, each as wide as the page allows.
///
/// Content taller than the page is clipped at the page's bottom edge: frames keep their true
/// positions (`contentHeight` tells how far the flow goes) but hit and dynamic regions are cut to
/// the page, and those entirely below it are left out, so nothing invisible can be tapped or
/// focused. A page that scrolls is laid out at its content's full height (the Navigator asks
/// `contentHeight` at the page's size, then lays the targets and surface out at the content's
/// size), so nothing of it is clipped and its scroll offset moves a window over it.
///
/// The layout depends only on the panel, size and theme — not on the time or on file contents —
/// so hit and damage regions stay put while clocks tick and values change.
public struct PanelLayout: Hashable, Sendable {
    public var size: Size
    /// One per widget, in `Panel.widgets` order.
    public var widgets: [WidgetFrame]
    /// List rows and tiles that have actions, in focus order.
    public var hitRegions: [HitRegion]
    /// Clocks and file values.
    public var dynamicRegions: [DynamicRegion]
    /// Bottom of the flow including the bottom padding; above `size.height` means clipped.
    public var contentHeight: Double

    /// True when some content lies below the page and is not shown.
    public var isClipped: Bool { contentHeight > size.height + 0.5 }

    /// Lays out `panel` on a page `size` logical pixels large, measuring text with `text`.
    public init(panel: Panel, size: Size, theme: Theme, text: TextContext) {
        self.size = size
        let type = Typography(theme: theme, text: text)
        let padding = PanelLayout.sane(theme.padding)
        let spacing = PanelLayout.sane(theme.spacing)
        let width = PanelLayout.sane(size.width - 2 * padding)
        let page = Rect(size: size)
        var frames: [WidgetFrame] = []
        var hits: [HitRegion] = []
        var dynamic: [DynamicRegion] = []
        var y = padding

        var index = 0
        while index < panel.widgets.count {
            let widget = panel.widgets[index]
            let x = padding
            // Consecutive file values share rows as equal cards, dashboard style.
            if case .fileValue = widget {
                let run = PanelLayout.fileValueRun(panel.widgets, from: index)
                let columns = max(
                    1,
                    min(
                        run.count,
                        Int((width + spacing) / (PanelMetrics.fileValueMinWidth + spacing))))
                let pitch = (width + spacing) / Double(columns)
                var rowTop = y
                for rowStart in stride(from: 0, to: run.count, by: columns) {
                    let row = run[rowStart..<min(rowStart + columns, run.count)]
                    let height =
                        row.map { type.fileValueCardHeight($0, width: pitch - spacing) }.max() ?? 0
                    for (column, w) in row.enumerated() {
                        let left = (x + Double(column) * pitch).rounded()
                        let right = (x + Double(column) * pitch + pitch - spacing).rounded()
                        let rect = Rect(x: left, y: rowTop, width: right - left, height: height)
                        let widgetIndex = index + rowStart + column
                        frames.append(WidgetFrame(widgetIndex: widgetIndex, frame: rect))
                        if let visible = rect.intersection(page) {
                            dynamic.append(
                                DynamicRegion(
                                    rect: visible, source: .file(path: w.path),
                                    widgetIndex: widgetIndex))
                        }
                    }
                    rowTop += height + spacing
                }
                y = rowTop
                index += run.count
                continue
            }
            var parts: [Rect] = []
            let height: Double
            switch widget {
            case .title(let w):
                var h = type.title(w, width: width).size.height
                if let sub = w.subtitle, !sub.isEmpty {
                    h += PanelMetrics.subtitleGap + type.subtitle(sub, width: width).size.height
                }
                height = (h + PanelMetrics.titleBottomMargin).rounded(.up)
            case .text(let w):
                height = type.paragraph(w, width: width).size.height.rounded(.up)
            case .image(let w):
                var h = PanelLayout.sane(w.height)
                if let caption = w.caption, !caption.isEmpty {
                    h +=
                        PanelMetrics.captionGap
                        + type.caption(caption, width: width).size.height.rounded(.up)
                }
                height = h
            case .list(let w):
                let rowHeight = PanelMetrics.listRowHeight
                for (row, item) in w.rows.enumerated() {
                    let rect = Rect(
                        x: x, y: y + Double(row) * rowHeight, width: width, height: rowHeight)
                    parts.append(rect)
                    if let action = item.action, let visible = rect.intersection(page) {
                        hits.append(
                            HitRegion(
                                rect: visible, action: action, widgetIndex: index, itemIndex: row))
                    }
                }
                height = Double(w.rows.count) * rowHeight
            case .grid(let w):
                let columns = max(1, w.columns)
                let tileHeight = PanelLayout.sane(w.tileHeight)
                let pitch = (width + spacing) / Double(columns)
                let cell = max(0, pitch - spacing)
                for (n, tile) in w.tiles.enumerated() {
                    let column = Double(n % columns)
                    let row = Double(n / columns)
                    // Rounded edges keep tile borders on whole pixels at scale 1.
                    let left = (x + column * pitch).rounded()
                    let right = (x + column * pitch + cell).rounded()
                    let top = y + row * (tileHeight + spacing)
                    let rect = Rect(x: left, y: top, width: right - left, height: tileHeight)
                    parts.append(rect)
                    if let action = tile.action, let visible = rect.intersection(page) {
                        hits.append(
                            HitRegion(
                                rect: visible, action: action, widgetIndex: index, itemIndex: n))
                    }
                }
                let rows = (w.tiles.count + columns - 1) / columns
                height = rows == 0 ? 0 : Double(rows) * tileHeight + Double(rows - 1) * spacing
            case .clock(let w):
                height = type.clockMeasure(w, width: width).size.height.rounded(.up)
                let rect = Rect(x: x, y: y, width: width, height: height)
                if let visible = rect.intersection(page) {
                    dynamic.append(
                        DynamicRegion(
                            rect: visible, source: .clock(format: w.format), widgetIndex: index))
                }
            case .keyValue(let w):
                let rowHeight = PanelMetrics.keyValueRowHeight
                for row in w.rows.indices {
                    parts.append(
                        Rect(x: x, y: y + Double(row) * rowHeight, width: width, height: rowHeight))
                }
                height = Double(w.rows.count) * rowHeight
            case .fileValue:
                preconditionFailure("file values are laid out in runs above")
            case .spacer(let w):
                height = PanelLayout.sane(w.height)
            case .control(let w):
                let control = PanelLayout.controlWidget(
                    w, named: panel.name(of: w, at: index),
                    at: Point(x: x, y: y), width: width, page: page, index: index, theme: theme)
                height = control.height
                hits += control.hits
                dynamic += control.regions
            case .value, .liveText, .valueRows:
                let live = PanelLayout.liveWidget(
                    widget, at: Point(x: x, y: y), width: width, page: page, index: index,
                    type: type)
                height = live.height
                parts = live.parts
                dynamic += live.regions
            case .chart, .gauge, .bar, .qr:
                let chart = PanelLayout.chartWidget(
                    widget, at: Point(x: x, y: y), width: width, page: page, index: index)
                height = chart.height
                dynamic += chart.regions
            }
            frames.append(
                WidgetFrame(
                    widgetIndex: index, frame: Rect(x: x, y: y, width: width, height: height),
                    parts: parts))
            y += height + spacing
            index += 1
        }
        widgets = frames
        hitRegions = hits
        dynamicRegions = dynamic
        contentHeight = panel.widgets.isEmpty ? 2 * padding : y - spacing + padding
        if theme.layoutDirection == .rightToLeft { mirrorForRightToLeft() }
    }

    /// The file value widgets starting at `start`, up to the first other widget.
    static func fileValueRun(_ widgets: [Widget], from start: Int) -> [FileValueWidget] {
        var run: [FileValueWidget] = []
        for widget in widgets[start...] {
            guard case .fileValue(let w) = widget else { break }
            run.append(w)
        }
        return run
    }

    /// A length from a config file: negative, NaN or absurd values become something drawable.
    static func sane(_ value: Double) -> Double {
        guard value.isFinite else { return 0 }
        return min(max(value, 0), 100_000)
    }
}
