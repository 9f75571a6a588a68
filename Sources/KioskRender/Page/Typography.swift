import KioskCore

/// Builds the text layouts of each widget part the same way for measuring (PanelLayout) and for
/// drawing (PageRenderer), so what is measured is what is drawn.
struct Typography {
    let theme: Theme
    let text: TextContext
    /// Text drawn straight on the page's background (titles, paragraphs, clocks), and its muted
    /// form (subtitles, captions): `Panel.pageTextColor(theme:)`. Cards use the theme's.
    let pageText: RGBA
    let pageMutedText: RGBA

    init(theme: Theme, text: TextContext, panel: Panel? = nil) {
        self.theme = theme
        self.text = text
        pageText = panel?.pageTextColor(theme: theme) ?? theme.text
        pageMutedText = panel?.pageMutedTextColor(theme: theme) ?? theme.mutedText
    }

    private func make(
        _ string: String, size: Double, weight: FontWeight = .regular, width: Double? = nil,
        alignment: KioskCore.TextAlignment = .left, ellipsizes: Bool = false
    ) -> TextLayout {
        TextLayout(
            context: text, text: string, family: theme.fontFamily, size: size, weight: weight,
            width: width,
            alignment: alignment, ellipsizes: ellipsizes, direction: theme.layoutDirection)
    }

    func title(_ w: TitleWidget, width: Double) -> TextLayout {
        let l = make(w.text, size: theme.titleSize, weight: .bold, width: width)
        l.ellipsizes = true
        l.maxLines = 2
        return l
    }

    func subtitle(_ s: String, width: Double) -> TextLayout {
        let l = make(s, size: theme.bodySize, width: width)
        l.ellipsizes = true
        l.maxLines = 2
        return l
    }

    func paragraph(_ w: TextWidget, width: Double) -> TextLayout {
        let l = make("", size: w.size ?? theme.bodySize, width: width, alignment: w.alignment)
        l.lineSpacing = PanelMetrics.bodyLineSpacing
        l.setMarkup(w.markup)
        return l
    }

    func caption(_ s: String, width: Double) -> TextLayout {
        make(s, size: theme.smallSize, width: width, alignment: .center, ellipsizes: true)
    }

    func rowLabel(_ s: String, width: Double) -> TextLayout {
        make(s, size: theme.bodySize, width: width, ellipsizes: true)
    }

    func rowDetail(_ s: String, width: Double) -> TextLayout {
        make(s, size: theme.bodySize * 0.9, width: width, alignment: .right, ellipsizes: true)
    }

    /// The label size of a grid's tiles, one for all so the grid reads evenly: the body size when
    /// every label's longest word fits `width`, else smaller until the widest does (down to 80 %
    /// of the theme's small size).
    func tileLabelSize(_ tiles: [Tile], width: Double) -> Double {
        var size = theme.bodySize
        for tile in tiles {
            let widest = widestWord(
                tile.label, size: theme.bodySize, weight: tile.style == .button ? .bold : .regular)
            if widest > width, widest > 0 { size = min(size, theme.bodySize * width / widest) }
        }
        return max(min(theme.bodySize, theme.smallSize) * PanelMetrics.tileLabelSmallest, size)
    }

    /// A tile's label at `size` (`tileLabelSize`): lines break between words only, without
    /// hyphens, two at most, then "…", so narrow tiles (5 columns) show whole words instead of
    /// hyphenated fragments. A word too wide even so is cut between letters rather than overflow.
    func tileLabel(_ s: String, size: Double, width: Double, onAccent: Bool) -> TextLayout {
        let weight: FontWeight = onAccent ? .bold : .regular
        let l = make(s, size: size, weight: weight, width: width, alignment: .center)
        l.breaksWords = widestWord(s, size: size, weight: weight) > width
        l.insertsHyphens = false
        l.ellipsizes = true
        l.maxLines = 2
        return l
    }

    /// The one-line width of the widest of the first words of `s`.
    private func widestWord(_ s: String, size: Double, weight: FontWeight) -> Double {
        let probe = make("", size: size, weight: weight)
        var widest = 0.0
        for word in s.split(whereSeparator: \.isWhitespace).prefix(PanelMetrics.measuredWords) {
            probe.setText(String(word))
            widest = max(widest, probe.size.width)
        }
        return widest
    }

    /// The configured size, else the theme's body size (as documented).
    func clockSize(_ w: ClockWidget) -> Double { w.size ?? theme.bodySize }

    /// The clock's text at its size; a text wider than `width` is drawn smaller until it fits
    /// (down to the theme's small size, "…" beyond that), so a long format is never cut off.
    func clock(_ string: String, widget w: ClockWidget, width: Double) -> TextLayout {
        let size = clockSize(w)
        let l = make(string, size: size, weight: .light, alignment: w.alignment)
        let natural = l.size.width
        if natural > width, natural > 0, width > 0 {
            let smallest = min(size, theme.smallSize)
            var fitted = max(smallest, size * width / natural)
            l.setFont(family: theme.fontFamily, size: fitted, weight: .light)
            // Hinting keeps widths from scaling exactly with the size: step down until it fits.
            var steps = 0
            while l.size.width > width, fitted > smallest, steps < 8 {
                fitted = max(smallest, fitted * 0.97)
                l.setFont(family: theme.fontFamily, size: fitted, weight: .light)
                steps += 1
            }
        }
        l.width = width
        l.ellipsizes = true
        return l
    }

    /// Lines the clock's format produces, measured on a stand-in so the height (and the damage
    /// region) does not depend on the time.
    func clockMeasure(_ w: ClockWidget, width: Double) -> TextLayout {
        let lines = max(1, w.format.split(separator: "\n", omittingEmptySubsequences: false).count)
        return clock(
            Array(repeating: "0", count: lines).joined(separator: "\n"), widget: w, width: width)
    }

    func fileLabel(_ s: String, width: Double) -> TextLayout {
        make(s.uppercased(), size: theme.smallSize, weight: .bold, width: width, ellipsizes: true)
    }

    var fileValueSize: Double { theme.titleSize * PanelMetrics.fileValueSizeFactor }

    /// The number large and the unit beside it at body size, sharing a baseline. A value of
    /// several lines, given the `height` of a one-line number, is drawn smaller so its lines share
    /// that height (not below the small size), and ends with "…" where it does not fit.
    func fileValue(_ value: String, unit: String?, width: Double, height: Double? = nil)
        -> TextLayout
    {
        let lines = value.split(separator: "\n", omittingEmptySubsequences: false).count
        var size = fileValueSize
        if lines > 1, let height {
            size = max(
                min(size, theme.smallSize),
                min(size, height / (Double(lines) * PanelMetrics.lineHeightFactor)))
        }
        let l = make(
            "", size: size, weight: lines > 1 ? .regular : .bold, width: width, ellipsizes: true)
        if let height { l.maxHeight = height }
        var markup = MarkupEscaping.escape(value)
        if let unit, !unit.isEmpty {
            // Markup sizes are in 1024ths of a point; TextContext fixes 96 dpi, so 1 px = 0.75 pt.
            let unitSize = Int((min(theme.bodySize * 1.1, size) * 0.75 * 1024).rounded())
            markup +=
                "<span size=\"\(unitSize)\" weight=\"normal\" foreground=\"\(theme.mutedText.hexRGB)\">"
                + "\u{2009}" + MarkupEscaping.escape(unit) + "</span>"
        }
        l.setMarkup(markup)
        return l
    }

    /// Height of a file value card: inset, label, gap, number, inset.
    func fileValueCardHeight(_ w: FileValueWidget, width: Double) -> Double {
        let inner = max(0, width - 2 * PanelMetrics.fileValueInset)
        let label = fileLabel(w.label, width: inner).size.height
        let value = fileValue("0", unit: w.unit, width: inner).size.height
        return (2 * PanelMetrics.fileValueInset + label + PanelMetrics.fileValueLabelGap + value)
            .rounded(.up)
    }

    /// A list row's label and detail widths (`RowColumns`): the label's share is 55 %.
    func listColumns(label: String, detail: String, available: Double) -> RowColumns {
        RowColumns.split(
            leading: Typography.fitting(rowLabel(label, width: available).naturalWidth),
            trailing: Typography.fitting(rowDetail(detail, width: available).naturalWidth),
            available: available,
            gap: PanelMetrics.columnGap, leadingShare: 0.55)
    }

    /// A key-value row's key and value widths (`RowColumns`), half each when both are long.
    func keyValueColumns(key: String, value: String, available: Double) -> RowColumns {
        RowColumns.split(
            leading: Typography.fitting(keyText(key, width: available).naturalWidth),
            trailing: Typography.fitting(valueText(value, width: available).naturalWidth),
            available: available,
            gap: PanelMetrics.columnGap, leadingShare: 0.5)
    }

    /// A width a text of `natural` width fits in without "…" (whole pixels, never a hair short).
    static func fitting(_ natural: Double) -> Double { natural > 0 ? natural.rounded(.up) + 1 : 0 }

    func keyText(_ s: String, width: Double) -> TextLayout {
        make(s, size: theme.bodySize, width: width, ellipsizes: true)
    }

    func valueText(_ s: String, width: Double) -> TextLayout {
        make(s, size: theme.bodySize, width: width, alignment: .right, ellipsizes: true)
    }
}
