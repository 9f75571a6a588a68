import CPangoCairo
import KioskCore

/// The shapes charts, gauges and bars need beyond CairoContext's fills: an arc band and a path
/// built point by point (so a chart walks its ring without making an array of points).
extension CairoContext {
    /// Strokes an arc of `radius` around `center` from `start` to `end` (radians, clockwise
    /// from 3 o'clock as cairo counts), with butt caps so adjacent stretches meet cleanly.
    func strokeArc(
        center: Point, radius: Double, from start: Double, to end: Double, lineWidth: Double,
        color: RGBA, roundCaps: Bool = false
    ) {
        guard end > start else { return }
        withSavedState {
            cairo_new_path(cr)
            cairo_arc(cr, center.x, center.y, radius, start, end)
            setColor(color)
            cairo_set_line_width(cr, lineWidth)
            cairo_set_line_cap(cr, roundCaps ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT)
            cairo_stroke(cr)
        }
    }

    func beginPath() { cairo_new_path(cr) }
    func move(to p: Point) { cairo_move_to(cr, p.x, p.y) }
    func line(to p: Point) { cairo_line_to(cr, p.x, p.y) }
    func closePath() { cairo_close_path(cr) }

    /// Strokes the current path (round joins, as a trend line reads best) and clears it.
    func strokePath(lineWidth: Double, color: RGBA) {
        setColor(color)
        cairo_set_line_width(cr, lineWidth)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_stroke(cr)
    }

    /// Fills the current path and clears it.
    func fillPath(color: RGBA) {
        setColor(color)
        cairo_fill(cr)
    }
}

/// Device-space helpers for a chart's cached line layer (`ChartLineLayer`): it is drawn with
/// the target's own scale and moved by whole device pixels, so nothing is resampled.
extension CairoContext {
    /// The current transformation: user units to device pixels (charts use no rotation).
    var deviceTransform: (scale: Double, x0: Double, y0: Double) {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        return (m.xx, m.x0, m.y0)
    }

    func setDeviceTransform(scale: Double, x0: Double, y0: Double) {
        var m = cairo_matrix_t(xx: scale, yx: 0, xy: 0, yy: scale, x0: x0, y0: y0)
        cairo_set_matrix(cr, &m)
    }

    /// Makes the pixels of a device rectangle transparent.
    func clearDevice(_ rect: Rect) {
        withSavedState {
            cairo_identity_matrix(cr)
            cairo_new_path(cr)
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
            cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
            cairo_fill(cr)
        }
    }

    /// Narrows the clip to a device rectangle.
    func clipDevice(_ rect: Rect) {
        withSavedState {
            cairo_identity_matrix(cr)
            cairo_new_path(cr)
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        }
        // The path survives the restore (it is not part of the saved state), in device units.
        cairo_clip(cr)
    }

    /// Paints `image` with its top left corner at whole device pixel (`x`, `y`), over what is
    /// there, within the current clip.
    func paintDevice(_ image: ImageBuffer, x: Int, y: Int) {
        withSavedState {
            cairo_identity_matrix(cr)
            cairo_set_source_surface(cr, image.surface, Double(x), Double(y))
            cairo_paint(cr)
        }
    }
}
