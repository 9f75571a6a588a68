import CPangoCairo
import KioskCore

/// Draws a `qr` widget: the code black on white in a card of the theme, each module a whole
/// number of device pixels (the largest that fits) with no antialiasing, so a phone camera sees
/// sharp squares whatever the theme and scale; a label under it. A code that cannot be made
/// (no libqrencode, text too long) is a placeholder saying why.
extension PageRenderer {
    static let qrInset = 12.0
    static let qrLabelGap = 6.0

    func drawQR(
        _ w: QRWidget, rect: Rect, in cairo: CairoContext, type: Typography,
        context: RenderContext
    ) {
        let theme = type.theme
        let text: String?
        switch w.content {
        case .text(let fixed): text = fixed
        case .value(let name):
            text = context.values(name).flatMap { $0.hasValue ? $0.text : nil }
        }
        var label: TextLayout?
        if !w.label.isEmpty {
            label = type.caption(w.label, width: max(0, rect.width - 2 * Self.qrInset))
        }
        let labelRoom = label.map { $0.size.height + Self.qrLabelGap } ?? 0
        let area = Rect(
            x: rect.minX + Self.qrInset, y: rect.minY + Self.qrInset,
            width: max(0, rect.width - 2 * Self.qrInset),
            height: max(0, rect.height - 2 * Self.qrInset - labelRoom))
        guard let text, !text.isEmpty else {
            return drawPlaceholder(in: rect, name: w.label, cairo: cairo, type: type)
        }
        let code: QRCode
        switch QRCode.encode(text, level: w.level) {
        case .success(let encoded): code = encoded
        case .failure(let failure):
            qrFailures.report(failure)
            return drawPlaceholder(
                in: rect, name: failure.description, cairo: cairo, type: type)
        }
        cairo.fillRoundedRect(rect, radius: theme.cornerRadius, color: theme.surface)
        guard let drawn = cairo.drawQRCode(code, centredIn: area) else {
            return drawPlaceholder(in: rect, name: "QR code too small", cairo: cairo, type: type)
        }
        // The caption layout is the area's width, centred in it.
        label?.draw(
            in: cairo, at: Point(x: area.minX, y: drawn.maxY + Self.qrLabelGap),
            color: theme.mutedText)
    }
}

extension CairoContext {
    /// Draws `code` with its quiet zone, black on white, as large as fits in `area` with a whole
    /// number of device pixels per module, its corners on device pixels. Returns the square drawn
    /// (in user units), nil when not even one pixel per module fits.
    func drawQRCode(_ code: QRCode, centredIn area: Rect) -> Rect? {
        var x0 = area.minX
        var y0 = area.minY
        var x1 = area.maxX
        var y1 = area.maxY
        cairo_user_to_device(cr, &x0, &y0)
        cairo_user_to_device(cr, &x1, &y1)
        let modules = code.width + 2 * QRCode.quietZone
        let side = min(abs(x1 - x0), abs(y1 - y0))
        let pixelsPerModule = (side / Double(modules)).rounded(.down)
        guard pixelsPerModule >= 1 else { return nil }
        let pixels = pixelsPerModule * Double(modules)
        let left = ((x0 + x1 - pixels) / 2).rounded(.down)
        // Top-aligned: the label goes right under the code.
        let top = min(y0, y1).rounded(.down)
        withSavedState {
            // Device space, whole pixels, no antialiasing: every module edge is a hard edge.
            cairo_identity_matrix(cr)
            cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_rectangle(cr, left, top, pixels, pixels)
            cairo_fill(cr)
            cairo_set_source_rgb(cr, 0, 0, 0)
            let origin = Double(QRCode.quietZone) * pixelsPerModule
            for y in 0..<code.width {
                var x = 0
                while x < code.width {
                    guard code.isDark(x: x, y: y) else {
                        x += 1
                        continue
                    }
                    // One rectangle per run of dark modules in a row.
                    let start = x
                    while x < code.width && code.isDark(x: x, y: y) { x += 1 }
                    cairo_rectangle(
                        cr, left + origin + Double(start) * pixelsPerModule,
                        top + origin + Double(y) * pixelsPerModule,
                        Double(x - start) * pixelsPerModule, pixelsPerModule)
                }
            }
            cairo_fill(cr)
        }
        var ux0 = left
        var uy0 = top
        var ux1 = left + pixels
        var uy1 = top + pixels
        cairo_device_to_user(cr, &ux0, &uy0)
        cairo_device_to_user(cr, &ux1, &uy1)
        return Rect(
            x: min(ux0, ux1), y: min(uy0, uy1), width: abs(ux1 - ux0), height: abs(uy1 - uy0))
    }
}
