import KioskCore

/// Drawing of the widgets that show live values. Values are outside text: always drawn with
/// `pango_layout_set_text` or escaped, never read as markup.
extension PageRenderer {
    /// Colours of a value's threshold levels (the theme's text colour for normal).
    static let warningColor = RGBA(red: 0.96, green: 0.65, blue: 0.14)
    static let alarmColor = RGBA(red: 0.90, green: 0.28, blue: 0.30)

    func drawLiveWidget(
        _ widget: Widget, frame: WidgetFrame, in cairo: CairoContext, type: Typography,
        context: RenderContext
    ) {
        let theme = type.theme
        let rect = frame.frame
        switch widget {
        case .value(let w):
            drawValueCard(w, rect: rect, in: cairo, type: type, value: context.values(w.value))
        case .liveText(let w):
            type.liveText(w, text: context.expand(w.template), width: rect.width).draw(
                in: cairo, at: rect.origin, color: theme.text)
        case .valueRows(let w):
            drawValueRows(w, frame: frame, in: cairo, type: type, rows: context.rows(w.value))
        default:
            break
        }
    }

    private func drawValueCard(
        _ w: ValueWidget, rect: Rect, in cairo: CairoContext, type: Typography, value: LiveValue?
    ) {
        let theme = type.theme
        let level = value?.level ?? .normal
        cairo.fillRoundedRect(rect, radius: theme.cornerRadius, color: theme.surface)
        if level != .normal {
            // A bar down the leading edge (right to left: the right one) says the level even
            // where colour is hard to see.
            cairo.fillRoundedRect(
                Rect(
                    x: rect.minX, y: rect.minY, width: PanelMetrics.valueLevelBar,
                    height: rect.height
                ).placed(in: rect, for: theme.layoutDirection),
                radius: min(theme.cornerRadius, PanelMetrics.valueLevelBar / 2),
                color: Self.color(of: level, theme: theme))
        }
        let inset = PanelMetrics.fileValueInset
        let width = max(0, rect.width - 2 * inset)
        let stale = value?.isStale == true
        let labelText = stale ? "\(w.label) · stale" : w.label
        let label = type.fileLabel(labelText, width: width)
        label.draw(
            in: cairo, at: Point(x: rect.minX + inset, y: rect.minY + inset),
            color: stale ? theme.mutedText : theme.accent)
        let hasValue = value?.hasValue == true
        let text = value?.text ?? "—"
        let layout = type.fileValue(
            text.isEmpty ? "—" : text, unit: hasValue ? w.unit : nil, width: width)
        let y = rect.minY + inset + label.size.height + PanelMetrics.fileValueLabelGap
        let color = !hasValue || stale ? theme.mutedText : Self.color(of: level, theme: theme)
        layout.draw(in: cairo, at: Point(x: rect.minX + inset, y: y), color: color)
    }

    private func drawValueRows(
        _ w: ValueRowsWidget, frame: WidgetFrame, in cairo: CairoContext, type: Typography,
        rows: [ValueRow]
    ) {
        let theme = type.theme
        guard !frame.parts.isEmpty else { return }
        cairo.fillRoundedRect(frame.frame, radius: theme.cornerRadius, color: theme.surface)
        let inset = PanelMetrics.rowInset
        for (index, rect) in frame.parts.enumerated() {
            if index > 0, index < max(rows.count, 1) {
                cairo.fill(
                    Rect(
                        x: rect.minX + inset, y: rect.minY, width: rect.width - 2 * inset, height: 1
                    ), color: theme.divider)
            }
            let available = max(0, rect.width - 2 * inset)
            guard rows.indices.contains(index) else {
                if index == 0 && rows.isEmpty {
                    let empty = type.rowLabel(w.placeholder, width: available)
                    empty.draw(
                        in: cairo,
                        at: Point(x: rect.minX + inset, y: rect.midY - empty.size.height / 2),
                        color: theme.mutedText)
                }
                continue
            }
            let row = rows[index]
            let lookup: (String) -> String? = { row[$0] ?? "" }
            var labelWidth = available
            if let detailTemplate = w.detail, !detailTemplate.isEmpty {
                let detail = ValueTemplate.expand(detailTemplate, lookup: lookup)
                let detailWidth = min(
                    type.rowDetail(detail, width: available).naturalWidth, available * 0.45)
                let layout = type.rowDetail(detail, width: detailWidth)
                let box = Rect(
                    x: rect.maxX - inset - detailWidth, y: rect.midY - layout.size.height / 2,
                    width: detailWidth, height: layout.size.height
                ).placed(in: rect, for: theme.layoutDirection)
                layout.draw(in: cairo, at: box.origin, color: theme.mutedText)
                labelWidth = max(0, available - detailWidth - 16)
            }
            let label = type.rowLabel(
                ValueTemplate.expand(w.label, lookup: lookup), width: labelWidth)
            let box = Rect(
                x: rect.minX + inset, y: rect.midY - label.size.height / 2, width: labelWidth,
                height: label.size.height
            ).placed(in: rect, for: theme.layoutDirection)
            label.draw(in: cairo, at: box.origin, color: theme.text)
        }
    }

    static func color(of level: ValueLevel, theme: Theme) -> RGBA {
        switch level {
        case .normal: theme.text
        case .warning: warningColor
        case .alarm: alarmColor
        }
    }
}

extension Typography {
    /// A live text widget: plain text (never markup), one line per line of the template, each
    /// cut with "…", so its height does not depend on the values.
    func liveText(_ w: LiveTextWidget, text string: String, width: Double) -> TextLayout {
        let lines = max(
            1, w.template.split(separator: "\n", omittingEmptySubsequences: false).count)
        let l = TextLayout(
            context: text, text: string, family: theme.fontFamily, size: w.size ?? theme.bodySize,
            weight: .regular,
            width: width, alignment: w.alignment, ellipsizes: true, direction: theme.layoutDirection
        )
        l.maxLines = lines
        l.lineSpacing = PanelMetrics.bodyLineSpacing
        return l
    }
}
