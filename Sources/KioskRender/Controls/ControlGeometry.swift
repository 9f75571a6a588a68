import KioskCore

/// Where the parts of a toggle, slider, stepper or choice go inside its card. One geometry for
/// layout (hit regions) and drawing, so what is drawn is what is touched. Every touch target is
/// at least `minTarget` px in both directions (a fingertip, with gloves at arm's length).
struct ControlGeometry {
    static let minTarget = 48.0
    /// Toggle and stepper cards: one row, label on the left, the control on the right.
    static let rowHeight = 88.0
    static let inset = 24.0
    /// Stepper − and + buttons, choice segments and the slider's touch band.
    static let buttonSide = 64.0
    static let toggleSize = Size(width: 96, height: 52)
    static let stepperValueWidth = 220.0
    /// A field's box, where its value shows (it opens the pad wherever the card is touched).
    static let fieldValueWidth = 260.0
    static let knobRadius = 20.0
    static let trackThickness = 8.0
    static let segmentGap = 8.0
    static let labelGap = 8.0

    let card: Rect
    /// The label (and, for a slider, the value to its right) on the card's first line.
    var label: Rect
    /// Where the value text goes (a stepper: between − and +; a slider: right of the label).
    var value: Rect?
    /// The touch targets, in focus order.
    var parts: [(rect: Rect, part: ControlPart)]

    /// The card height for `kind` with body text of `bodySize`.
    static func height(_ kind: ControlKind, bodySize: Double) -> Double {
        switch kind {
        case .toggle, .stepper, .field:
            return max(rowHeight, (labelLine(bodySize) + 2 * 16).rounded(.up))
        case .slider, .choice:
            return (16 + labelLine(bodySize) + labelGap + buttonSide + 16).rounded(.up)
        }
    }

    /// The label of a one-row card: from the left, up to an inset before the control.
    static func rowLabel(card: Rect, inner: Rect, line: Double, before control: Rect) -> Rect {
        Rect(
            x: inner.minX, y: card.midY - line / 2,
            width: max(0, control.minX - inset - inner.minX), height: line)
    }

    static func labelLine(_ bodySize: Double) -> Double {
        (bodySize * PanelMetrics.lineHeightFactor).rounded(.up)
    }

    init(_ kind: ControlKind, card: Rect, bodySize: Double) {
        self.card = card
        let inner = card.insetBy(dx: Self.inset, dy: 0)
        let line = Self.labelLine(bodySize)
        switch kind {
        case .toggle:
            let size = Self.toggleSize
            let knob = Rect(
                x: inner.maxX - size.width, y: card.midY - size.height / 2, width: size.width,
                height: size.height)
            label = Self.rowLabel(card: card, inner: inner, line: line, before: knob)
            value = knob
            parts = [(card, .toggle)]
        case .stepper:
            let side = Self.buttonSide
            let valueWidth = min(Self.stepperValueWidth, max(72, inner.width - 2 * side - 160))
            let top = card.midY - side / 2
            let plus = Rect(x: inner.maxX - side, y: top, width: side, height: side)
            let shown = Rect(
                x: plus.minX - valueWidth, y: top, width: valueWidth, height: side)
            let minus = Rect(x: shown.minX - side, y: top, width: side, height: side)
            label = Self.rowLabel(card: card, inner: inner, line: line, before: minus)
            value = shown
            // The buttons answer over the card's full height: a finger a little high still counts.
            parts = [
                (Rect(x: minus.minX, y: card.minY, width: side, height: card.height), .step(-1)),
                (Rect(x: plus.minX, y: card.minY, width: side, height: card.height), .step(1))
            ]
        case .field:
            let width = min(Self.fieldValueWidth, inner.width / 2)
            let box = Rect(
                x: inner.maxX - width, y: card.midY - Self.buttonSide / 2, width: width,
                height: Self.buttonSide)
            label = Self.rowLabel(card: card, inner: inner, line: line, before: box)
            value = box
            parts = [(card, .open)]
        case .slider:
            let valueWidth = min(220, inner.width / 3)
            label = Rect(
                x: inner.minX, y: card.minY + 16, width: max(0, inner.width - valueWidth),
                height: line)
            value = Rect(
                x: inner.maxX - valueWidth, y: card.minY + 16, width: valueWidth, height: line)
            // The band is the knob centre's travel: its fraction is the value's.
            let band = Rect(
                x: inner.minX + Self.knobRadius, y: label.maxY + Self.labelGap,
                width: max(1, inner.width - 2 * Self.knobRadius), height: Self.buttonSide)
            parts = [(band, .track(fraction: nil))]
        case .choice(let options):
            let top = card.minY + 16 + line + Self.labelGap
            label = Rect(x: inner.minX, y: card.minY + 16, width: inner.width, height: line)
            value = nil
            let count = Double(max(1, options.count))
            let pitch = (inner.width + Self.segmentGap) / count
            parts = options.indices.map { index in
                let left = (inner.minX + Double(index) * pitch).rounded()
                let right = (inner.minX + Double(index) * pitch + pitch - Self.segmentGap).rounded()
                return (
                    Rect(
                        x: left, y: top, width: right - left,
                        height: Self.buttonSide),
                    .option(index)
                )
            }
        }
    }
}
