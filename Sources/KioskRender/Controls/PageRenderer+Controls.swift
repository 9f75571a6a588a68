import KioskCore

/// Drawing of toggles, sliders, steppers, choices and fields: a card in the theme's surface
/// colour, the label in text colour, what is on (a toggle's track, a slider's fill and knob, the
/// chosen segment, a field's outline) in the accent colour, what is off in the divider colour.
/// The value is outside text (set with `set_text`, never markup). A value that is not a number
/// shows as written, muted, and a slider then has no knob: the panel does not pretend to know
/// where it stands.
extension PageRenderer {
    func drawControl(
        _ w: ControlWidget, rect: Rect, in cairo: CairoContext, type: Typography, value: LiveValue?
    ) {
        let theme = type.theme
        let direction = theme.layoutDirection
        let geometry = ControlGeometry(
            w.kind, card: rect, bodySize: theme.bodySize, direction: direction)
        cairo.fillRoundedRect(rect, radius: theme.cornerRadius, color: theme.surface)
        let text = value?.hasValue == true ? value?.text : nil
        let stale = value?.isStale == true
        let labelText = stale ? "\(w.label) · stale" : w.label
        controlText(labelText, in: geometry.label, type: type).draw(
            in: cairo, at: geometry.label.origin, color: stale ? theme.mutedText : theme.text)
        switch w.kind {
        case .toggle(let on, _):
            drawSwitch(
                isOn: text == on, known: text != nil, in: geometry.value ?? rect,
                onAtLeft: direction == .rightToLeft, cairo, theme)
        case .stepper(let range):
            for (target, glyph) in zip(geometry.parts, ["−", "+"]) {
                let button = Rect(
                    x: target.rect.minX, y: rect.midY - ControlGeometry.buttonSide / 2,
                    width: ControlGeometry.buttonSide, height: ControlGeometry.buttonSide)
                cairo.fillRoundedRect(button, radius: theme.cornerRadius, color: theme.accent)
                centred(glyph, in: button, size: theme.titleSize, bold: true, type, cairo)
                    .draw(in: cairo, at: .zero, color: theme.onAccent)
            }
            if let box = geometry.value {
                drawNumber(text, range: range, in: box, type, cairo)
            }
        case .slider(let range):
            if let box = geometry.value { drawNumber(text, range: range, in: box, type, cairo) }
            if let band = geometry.parts.first?.rect {
                drawTrack(
                    band, fraction: ControlValueMath.fraction(of: text, in: range),
                    direction: direction, cairo, theme)
            }
        case .field(let spec):
            if let box = geometry.value { drawField(spec, text: text, in: box, type, cairo) }
        case .choice(let options):
            for (target, option) in zip(geometry.parts, options) {
                let chosen = text == option.value
                if chosen {
                    cairo.fillRoundedRect(
                        target.rect, radius: theme.cornerRadius, color: theme.accent)
                } else {
                    cairo.strokeRoundedRect(
                        target.rect.insetBy(dx: 1, dy: 1), radius: theme.cornerRadius,
                        lineWidth: 2, color: theme.divider)
                }
                centred(
                    option.label, in: target.rect, size: theme.bodySize, bold: chosen, type, cairo
                )
                .draw(in: cairo, at: .zero, color: chosen ? theme.onAccent : theme.text)
            }
        }
    }

    private func drawSwitch(
        isOn: Bool, known: Bool, in track: Rect, onAtLeft: Bool, _ cairo: CairoContext,
        _ theme: Theme
    ) {
        let radius = track.height / 2
        cairo.fillRoundedRect(track, radius: radius, color: isOn ? theme.accent : theme.divider)
        let knobRadius = radius - 5
        // Unknown (no value yet): the knob waits in the middle, on neither side.
        let x =
            !known ? track.midX : isOn != onAtLeft ? track.maxX - radius : track.minX + radius
        cairo.fillCircle(
            center: Point(x: x, y: track.midY), radius: knobRadius,
            color: isOn ? theme.onAccent : theme.text)
    }

    private func drawTrack(
        _ band: Rect, fraction: Double?, direction: LayoutDirection, _ cairo: CairoContext,
        _ theme: Theme
    ) {
        let thickness = ControlGeometry.trackThickness
        let line = Rect(
            x: band.minX, y: band.midY - thickness / 2, width: band.width, height: thickness)
        cairo.fillRoundedRect(line, radius: thickness / 2, color: theme.divider)
        guard let fraction else { return }
        // Right to left the fill grows from the right end, where the minimum is.
        let fill = Rect(x: line.minX, y: line.minY, width: fraction * band.width, height: thickness)
            .placed(in: line, for: direction)
        let x = direction == .rightToLeft ? fill.minX : fill.maxX
        cairo.fillRoundedRect(fill, radius: thickness / 2, color: theme.accent)
        cairo.fillCircle(
            center: Point(x: x, y: band.midY), radius: ControlGeometry.knobRadius,
            color: theme.accent)
        cairo.fillCircle(
            center: Point(x: x, y: band.midY), radius: ControlGeometry.knobRadius / 3,
            color: theme.onAccent)
    }

    /// A field: its value (a PIN as dots, a number with its unit) in an outlined box that says
    /// "tap to type here"; "—" muted before it has a value.
    private func drawField(
        _ spec: FieldSpec, text: String?, in box: Rect, _ type: Typography, _ cairo: CairoContext
    ) {
        let theme = type.theme
        cairo.strokeRoundedRect(
            box.insetBy(dx: 1, dy: 1), radius: theme.cornerRadius, lineWidth: 2,
            color: theme.accent)
        let shown =
            text.map {
                spec.entry == .number ? withUnit($0, spec.unit) : spec.entry.shown($0)
            } ?? "—"
        centred(
            shown, in: box.insetBy(dx: ControlGeometry.segmentGap, dy: 0), size: theme.bodySize,
            bold: true, type, cairo
        )
        .draw(in: cairo, at: .zero, color: text == nil ? theme.mutedText : theme.text)
    }

    /// The number with its unit, centred in `box` (a stepper) or right-aligned (a slider).
    private func drawNumber(
        _ text: String?, range: ControlRange, in box: Rect, _ type: Typography,
        _ cairo: CairoContext
    ) {
        let theme = type.theme
        let isNumber = text.flatMap(ControlValueMath.number) != nil
        let shown = text.map { isNumber ? withUnit($0, range.unit) : $0 } ?? "—"
        let large = box.height >= ControlGeometry.buttonSide
        // Between − and + the number keeps a little air from the buttons.
        let box = large ? box.insetBy(dx: ControlGeometry.segmentGap, dy: 0) : box
        // A long number with its unit is drawn smaller until it fits (not below the small size),
        // so the visitor sees the whole value, never "97.5 …".
        var size = large ? theme.titleSize * 0.8 : theme.bodySize
        let layout = numberLayout(shown, size: size, box: box, large: large, type)
        // One layout for every try: only its font changes (a new Pango layout per try shaped
        // the text's attributes and context again for nothing).
        while layout.naturalWidth > box.width, size > theme.smallSize {
            size = max(theme.smallSize, size * 0.9)
            layout.setFont(family: theme.fontFamily, size: size, weight: .bold)
        }
        let y = box.midY - layout.size.height / 2
        layout.draw(
            in: cairo, at: Point(x: box.minX, y: y), color: isNumber ? theme.text : theme.mutedText)
    }

    /// A number as shown, its unit after a thin space (`21.5 °C`); alone without a unit.
    private func withUnit(_ number: String, _ unit: String?) -> String {
        guard let unit, !unit.isEmpty else { return number }
        return number + "\u{2009}" + unit
    }

    private func numberLayout(
        _ s: String, size: Double, box: Rect, large: Bool, _ type: Typography
    ) -> TextLayout {
        TextLayout(
            context: type.text, text: s, family: type.theme.fontFamily, size: size, weight: .bold,
            width: box.width, alignment: large ? .center : .right, ellipsizes: true,
            direction: type.theme.layoutDirection)
    }

    private func controlText(_ s: String, in box: Rect, type: Typography) -> TextLayout {
        TextLayout(
            context: type.text, text: s, family: type.theme.fontFamily, size: type.theme.bodySize,
            weight: .regular, width: box.width, alignment: .left, ellipsizes: true,
            direction: type.theme.layoutDirection)
    }

    /// A one-line text centred in `box`; drawn at `.zero` (the layout is placed by a translate).
    private func centred(
        _ s: String, in box: Rect, size: Double, bold: Bool, _ type: Typography,
        _ cairo: CairoContext
    ) -> PlacedText {
        let layout = TextLayout(
            context: type.text, text: s, family: type.theme.fontFamily, size: size,
            weight: bold ? .bold : .regular, width: box.width, alignment: .center,
            ellipsizes: true, direction: type.theme.layoutDirection)
        return PlacedText(
            layout: layout,
            origin: Point(x: box.minX, y: (box.midY - layout.size.height / 2).rounded()))
    }
}

/// A text layout and where it goes (so `centred` reads as one expression at the call).
struct PlacedText {
    let layout: TextLayout
    let origin: Point

    func draw(in cairo: CairoContext, at offset: Point, color: RGBA) {
        layout.draw(in: cairo, at: origin + offset, color: color)
    }
}
