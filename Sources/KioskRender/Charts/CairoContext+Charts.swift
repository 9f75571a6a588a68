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
