import KioskCore

extension PageRenderer {
    func drawWidget(
        _ widget: Widget, frame: WidgetFrame, in cairo: CairoContext, type: Typography,
        context: RenderContext
    ) {
        let rect = frame.frame
        switch widget {
        case .title(let w):
            let title = type.title(w, width: rect.width)
            title.draw(in: cairo, at: rect.origin, color: type.pageText)
            if let sub = w.subtitle, !sub.isEmpty {
                let y = rect.minY + title.size.height + PanelMetrics.subtitleGap
                type.subtitle(sub, width: rect.width).draw(
                    in: cairo, at: Point(x: rect.minX, y: y), color: type.pageMutedText)
            }
        case .text(let w):
            type.paragraph(w, width: rect.width).draw(
                in: cairo, at: rect.origin, color: type.pageText)
        case .image(let w):
            drawImageWidget(w, rect: rect, in: cairo, type: type)
        case .list(let w):
            drawList(w, frame: frame, in: cairo, type: type)
        case .grid(let w):
            let labelWidth = max(
                0, (frame.parts.map(\.width).min() ?? 0) - 2 * PanelMetrics.tileLabelInset)
            let labelSize = type.tileLabelSize(w.tiles, width: labelWidth)
            for (tile, cell) in zip(w.tiles, frame.parts) {
                drawTile(tile, rect: cell, labelSize: labelSize, in: cairo, type: type)
            }
        case .clock(let w):
            let layout = type.clock(context.now.formatted(w.format), widget: w, width: rect.width)
            // A clock shrunk to fit is centred in the height its configured size takes.
            let y = rect.minY + max(0, (rect.height - layout.size.height) / 2).rounded(.down)
            layout.draw(in: cairo, at: Point(x: rect.minX, y: y), color: type.pageText)
        case .keyValue(let w):
            drawKeyValues(w, frame: frame, in: cairo, type: type)
        case .fileValue(let w):
            drawFileValue(w, rect: rect, in: cairo, type: type, context: context)
        case .spacer:
            break
        case .control(let w):
            drawControl(w, rect: rect, in: cairo, type: type, value: context.values(w.value))
        case .value, .liveText, .valueRows:
            drawLiveWidget(widget, frame: frame, in: cairo, type: type, context: context)
        case .chart(let w): drawChart(w, rect: rect, in: cairo, type: type, context: context)
        case .gauge(let w): drawGauge(w, rect: rect, in: cairo, type: type, context: context)
        case .bar(let w): drawBar(w, rect: rect, in: cairo, type: type, context: context)
        case .qr(let w): drawQR(w, rect: rect, in: cairo, type: type, context: context)
        }
    }

    private func drawImageWidget(
        _ w: ImageWidget, rect: Rect, in cairo: CairoContext, type: Typography
    ) {
        let theme = type.theme
        let area = Rect(
            x: rect.minX, y: rect.minY, width: rect.width, height: PanelLayout.sane(w.height))
        if let image = images.image(at: w.path) {
            cairo.drawImage(image, fittingIn: area, cornerRadius: theme.cornerRadius)
        } else {
            drawPlaceholder(in: area, name: PageRenderer.fileName(w.path), cairo: cairo, type: type)
        }
        if let caption = w.caption, !caption.isEmpty {
            let y = area.maxY + PanelMetrics.captionGap
            type.caption(caption, width: rect.width).draw(
                in: cairo, at: Point(x: rect.minX, y: y), color: type.pageMutedText)
        }
    }

    private func drawList(
        _ w: ListWidget, frame: WidgetFrame, in cairo: CairoContext, type: Typography
    ) {
        let theme = type.theme
        guard !frame.parts.isEmpty else { return }
        cairo.fillRoundedRect(frame.frame, radius: theme.cornerRadius, color: theme.surface)
        let inset = PanelMetrics.rowInset
        let direction = theme.layoutDirection
        for (index, (row, rect)) in zip(w.rows, frame.parts).enumerated() {
            // Each part is placed as left to right, then reflected inside the row when the page
            // reads right to left (label at the right, chevron at the left pointing left).
            func place(_ part: Rect) -> Rect { part.placed(in: rect, for: direction) }
            if index > 0 {
                cairo.fill(
                    place(
                        Rect(
                            x: rect.minX + inset, y: rect.minY, width: rect.width - inset,
                            height: 1)),
                    color: theme.divider)
            }
            var right = rect.maxX - inset
            if row.showsChevron {
                let chevron = place(
                    Rect(
                        x: right - PanelMetrics.chevronWidth, y: rect.midY,
                        width: PanelMetrics.chevronWidth, height: 0))
                cairo.strokeChevron(
                    center: Point(x: chevron.midX, y: rect.midY),
                    height: PanelMetrics.chevronHeight, pointsLeft: direction == .rightToLeft,
                    lineWidth: PanelMetrics.chevronLineWidth,
                    color: theme.mutedText.withAlpha(0.8))
                right -= PanelMetrics.chevronWidth + 16
            }
            let available = max(0, right - (rect.minX + inset))
            var labelWidth = available
            if let detail = row.detail, !detail.isEmpty {
                let columns = type.listColumns(
                    label: row.label, detail: detail, available: available)
                let layout = type.rowDetail(detail, width: columns.trailing)
                let box = place(
                    Rect(
                        x: right - columns.trailing, y: rect.midY - layout.size.height / 2,
                        width: columns.trailing, height: layout.size.height))
                layout.draw(in: cairo, at: box.origin, color: theme.mutedText)
                labelWidth = columns.leading
            }
            let label = type.rowLabel(row.label, width: labelWidth)
            let box = place(
                Rect(
                    x: rect.minX + inset, y: rect.midY - label.size.height / 2, width: labelWidth,
                    height: label.size.height))
            label.draw(in: cairo, at: box.origin, color: theme.text)
        }
    }

    private func drawTile(
        _ tile: Tile, rect: Rect, labelSize: Double, in cairo: CairoContext, type: Typography
    ) {
        let theme = type.theme
        let isButton = tile.style == .button
        cairo.fillRoundedRect(
            rect, radius: theme.cornerRadius, color: isButton ? theme.accent : theme.surface)
        let label = type.tileLabel(
            tile.label, size: labelSize,
            width: max(0, rect.width - 2 * PanelMetrics.tileLabelInset), onAccent: isButton)
        let labelHeight = tile.label.isEmpty ? 0 : label.size.height
        var iconEdge = 0.0
        if tile.icon != nil {
            iconEdge = min(
                rect.height * PanelMetrics.tileIconFraction, rect.width * 0.5,
                PanelMetrics.tileIconMax
            ).rounded()
        }
        let gap = iconEdge > 0 && labelHeight > 0 ? PanelMetrics.tileIconLabelGap : 0
        let top = (rect.midY - (iconEdge + gap + labelHeight) / 2).rounded()
        if let icon = tile.icon, iconEdge > 0 {
            let box = Rect(
                x: (rect.midX - iconEdge / 2).rounded(), y: top, width: iconEdge, height: iconEdge)
            if let image = images.image(at: icon) {
                cairo.drawImage(image, fittingIn: box)
            } else {
                drawPlaceholder(in: box, name: nil, cairo: cairo, type: type)
            }
        }
        let textColor = isButton ? theme.onAccent : theme.text
        label.draw(
            in: cairo,
            at: Point(x: rect.minX + PanelMetrics.tileLabelInset, y: top + iconEdge + gap),
            color: textColor)
    }

    private func drawKeyValues(
        _ w: KeyValueWidget, frame: WidgetFrame, in cairo: CairoContext, type: Typography
    ) {
        let theme = type.theme
        guard !frame.parts.isEmpty else { return }
        cairo.fillRoundedRect(frame.frame, radius: theme.cornerRadius, color: theme.surface)
        let inset = PanelMetrics.rowInset
        for (index, (row, rect)) in zip(w.rows, frame.parts).enumerated() {
            if index > 0 {
                cairo.fill(
                    Rect(
                        x: rect.minX + inset, y: rect.minY, width: rect.width - 2 * inset, height: 1
                    ), color: theme.divider)
            }
            let available = max(0, rect.width - 2 * inset)
            let columns = type.keyValueColumns(key: row.key, value: row.value, available: available)
            // Right to left the key is at the right and the value at the left.
            let direction = theme.layoutDirection
            let key = type.keyText(row.key, width: columns.leading)
            let keyBox = Rect(
                x: rect.minX + inset, y: rect.midY - key.size.height / 2,
                width: columns.leading, height: key.size.height
            ).placed(in: rect, for: direction)
            key.draw(in: cairo, at: keyBox.origin, color: theme.mutedText)
            let valueWidth = columns.trailing
            let value = type.valueText(row.value, width: valueWidth)
            let valueBox = Rect(
                x: rect.maxX - inset - valueWidth, y: rect.midY - value.size.height / 2,
                width: valueWidth, height: value.size.height
            ).placed(in: rect, for: direction)
            value.draw(in: cairo, at: valueBox.origin, color: theme.text)
        }
    }

    private func drawFileValue(
        _ w: FileValueWidget, rect: Rect, in cairo: CairoContext, type: Typography,
        context: RenderContext
    ) {
        let theme = type.theme
        let inset = PanelMetrics.fileValueInset
        let width = max(0, rect.width - 2 * inset)
        let label = drawCard(
            rect, label: w.label, labelWidth: width, inset: inset, in: cairo, type: type)
        let shown = FileValueText(context.fileValue(at: w.path), placeholder: w.placeholder)
        let y = rect.minY + inset + label.size.height + PanelMetrics.fileValueLabelGap
        // The card is as tall as a one-line number: more lines are made smaller to fit it, and
        // whatever still does not fit is cut at the card, never drawn over the next widget.
        let height = max(0, rect.maxY - inset / 2 - y)
        let layout = type.fileValue(
            shown.text, unit: shown.isValue ? w.unit : nil, width: width, height: height)
        cairo.withSavedState {
            cairo.clip(to: rect)
            layout.draw(
                in: cairo, at: Point(x: rect.minX + inset, y: y),
                color: shown.isValue ? theme.text : theme.mutedText)
        }
    }

    /// A neutral box standing in for an image that could not be read: never a crash, and the file
    /// name tells the technician which file to look for.
    func drawPlaceholder(in rect: Rect, name: String?, cairo: CairoContext, type: Typography) {
        let theme = type.theme
        guard rect.width >= 4, rect.height >= 4 else { return }
        let radius = min(theme.cornerRadius, rect.width / 4)
        cairo.fillRoundedRect(rect, radius: radius, color: theme.surface)
        cairo.strokeRoundedRect(
            rect.insetBy(dx: 1, dy: 1), radius: radius, lineWidth: 2, color: theme.divider,
            dash: min(10, rect.width / 8))
        var nameLayout: TextLayout?
        if let name, !name.isEmpty, rect.height >= 80 {
            nameLayout = type.caption(name, width: max(0, rect.width - 32))
        }
        let textHeight = nameLayout.map { $0.size.height + 10 } ?? 0
        let edge = min(rect.width * 0.5, (rect.height - textHeight) * 0.5, 72)
        guard edge > 2 else { return }
        let top = rect.midY - (edge * 0.8 + textHeight) / 2
        drawPictureGlyph(
            in: Rect(x: rect.midX - edge / 2, y: top, width: edge, height: edge * 0.8),
            cairo: cairo, color: theme.mutedText.withAlpha(0.7))
        nameLayout?.draw(
            in: cairo, at: Point(x: rect.minX + 16, y: top + edge * 0.8 + 10),
            color: theme.mutedText)
    }

    /// A framed landscape: the usual "image" symbol.
    private func drawPictureGlyph(in r: Rect, cairo: CairoContext, color: RGBA) {
        let line = max(1.5, r.width / 24)
        cairo.strokeRoundedRect(
            r.insetBy(dx: line / 2, dy: line / 2), radius: r.width / 10, lineWidth: line,
            color: color)
        cairo.fillCircle(
            center: Point(x: r.minX + r.width * 0.7, y: r.minY + r.height * 0.32),
            radius: r.width * 0.08, color: color)
        cairo.fillPolygon(
            [
                Point(x: r.minX + r.width * 0.12, y: r.maxY - r.height * 0.15),
                Point(x: r.minX + r.width * 0.38, y: r.minY + r.height * 0.42),
                Point(x: r.minX + r.width * 0.58, y: r.maxY - r.height * 0.32),
                Point(x: r.minX + r.width * 0.7, y: r.minY + r.height * 0.58),
                Point(x: r.minX + r.width * 0.88, y: r.maxY - r.height * 0.15)
            ], color: color)
    }

    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
