import KioskCore

/// Builds the text layouts of each widget part the same way for measuring (PanelLayout) and for
/// drawing (PageRenderer), so what is measured is what is drawn.
struct Typography {
    let theme: Theme
    let text: TextContext

    private func make(
        _ string: String, size: Double, weight: FontWeight = .regular, width: Double? = nil,
        alignment: KioskCore.TextAlignment = .left, ellipsizes: Bool = false
    ) -> TextLayout {
        TextLayout(
            context: text, text: string, family: theme.fontFamily, size: size, weight: weight, width: width,
            alignment: alignment, ellipsizes: ellipsizes)
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

    func tileLabel(_ s: String, width: Double, onAccent: Bool) -> TextLayout {
        let l = make(s, size: theme.bodySize, weight: onAccent ? .bold : .regular, width: width, alignment: .center)
        l.ellipsizes = true
        l.maxLines = 2
        return l
    }

    func clockSize(_ w: ClockWidget) -> Double { w.size ?? theme.titleSize * PanelMetrics.clockSizeFactor }

    func clock(_ string: String, widget w: ClockWidget, width: Double) -> TextLayout {
        make(string, size: clockSize(w), weight: .light, width: width, alignment: w.alignment, ellipsizes: true)
    }

    /// Lines the clock's format produces, measured on a stand-in so the height (and the damage
    /// region) does not depend on the time.
    func clockMeasure(_ w: ClockWidget, width: Double) -> TextLayout {
        let lines = max(1, w.format.split(separator: "\n", omittingEmptySubsequences: false).count)
        return clock(Array(repeating: "0", count: lines).joined(separator: "\n"), widget: w, width: width)
    }

    func fileLabel(_ s: String, width: Double) -> TextLayout {
        make(s.uppercased(), size: theme.smallSize, weight: .bold, width: width, ellipsizes: true)
    }

    var fileValueSize: Double { theme.titleSize * PanelMetrics.fileValueSizeFactor }

    /// The number large and the unit beside it at body size, sharing a baseline.
    func fileValue(_ value: String, unit: String?, width: Double) -> TextLayout {
        let l = make("", size: fileValueSize, weight: .bold, width: width, ellipsizes: true)
        var markup = MarkupEscaping.escape(value)
        if let unit, !unit.isEmpty {
            // Markup sizes are in 1024ths of a point; TextContext fixes 96 dpi, so 1 px = 0.75 pt.
            let size = Int((theme.bodySize * 1.1 * 0.75 * 1024).rounded())
            markup += "<span size=\"\(size)\" weight=\"normal\" foreground=\"\(theme.mutedText.hexRGB)\">"
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
        return (2 * PanelMetrics.fileValueInset + label + PanelMetrics.fileValueLabelGap + value).rounded(.up)
    }

    func keyText(_ s: String, width: Double) -> TextLayout {
        make(s, size: theme.bodySize, width: width, ellipsizes: true)
    }

    func valueText(_ s: String, width: Double) -> TextLayout {
        make(s, size: theme.bodySize, width: width, alignment: .right, ellipsizes: true)
    }
}
