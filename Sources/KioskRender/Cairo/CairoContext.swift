// Ownership: a CairoContext owns one cairo_t (destroyed in deinit) and keeps a strong reference to
// the ImageBuffer it draws into, so the surface outlives the context. Single-threaded: use it on
// one thread at a time.
import CPangoCairo
import KioskCore

/// Draws into an ImageBuffer with cairo. Coordinates are user units: after `scale(by:)` they are
/// logical pixels.
public final class CairoContext {
    /// The cairo context; exposed to KioskRender only.
    let cr: OpaquePointer
    /// The buffer being drawn into.
    public let target: ImageBuffer

    /// The only pixels this context draws (the caller clips to them), when it said so.
    private let redrawing: PixelBox?
    /// Whether the target's layouts for turning are updated where it draws, not dropped
    /// (`ImageBuffer.updatesLayoutsInPlace`).
    private let updatingLayouts: Bool

    /// `redrawing`: the whole pixels the caller will draw inside and no others (a dynamic
    /// region's redraw); the target's copies for turning are then updated there when the
    /// context ends, instead of dropped (its layouts too, where the region is small).
    public init(target: ImageBuffer, redrawing: Rect? = nil) {
        // cairo_create never returns NULL; it fails only on out-of-memory or a surface already in
        // error, which ImageBuffer's initialisers rule out.
        guard let cr = cairo_create(target.surface), cairo_status(cr) == CAIRO_STATUS_SUCCESS else {
            preconditionFailure("cairo_create failed on a valid surface")
        }
        self.cr = cr
        self.target = target
        let box = redrawing.flatMap { PixelBox(covering: $0) }
        self.redrawing = box
        updatingLayouts = box.map { target.updatesLayoutsInPlace($0) } ?? false
        // Whatever is drawn next may change which pixels are opaque, and the layout for turning.
        target.pixelsChanged(keepingMinified: box != nil, keepingLayouts: updatingLayouts)
    }

    deinit {
        cairo_destroy(cr)
        // Other code may read the pixels next; make sure cairo has written them.
        cairo_surface_flush(target.surface)
        if let redrawing { target.updateTurningCopies(in: redrawing, layouts: updatingLayouts) }
    }

    // MARK: State

    /// Runs `body` between cairo_save and cairo_restore.
    public func withSavedState<T>(_ body: () throws -> T) rethrows -> T {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        return try body()
    }

    public func scale(by factor: Double) { cairo_scale(cr, factor, factor) }
    public func translate(x: Double, y: Double) { cairo_translate(cr, x, y) }

    /// Narrows the clip to `rect` (user units) until the enclosing saved state is restored.
    public func clip(to rect: Rect) {
        cairo_new_path(cr)
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        cairo_clip(cr)
    }

    /// Narrows the clip to a rounded rectangle.
    public func clip(toRoundedRect rect: Rect, radius: Double) {
        roundedRectPath(rect, radius: radius)
        cairo_clip(cr)
    }

    func setColor(_ color: RGBA) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
    }

    // MARK: Fills and strokes

    /// Replaces everything inside the clip with `color` (alpha included, no blending).
    public func clear(to color: RGBA) {
        withSavedState {
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            setColor(color)
            cairo_paint(cr)
        }
    }

    public func fill(_ rect: Rect, color: RGBA) {
        cairo_new_path(cr)
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        setColor(color)
        cairo_fill(cr)
    }

    public func fillRoundedRect(_ rect: Rect, radius: Double, color: RGBA) {
        roundedRectPath(rect, radius: radius)
        setColor(color)
        cairo_fill(cr)
    }

    /// Strokes a rounded rectangle centred on `rect`'s edge; `dash` > 0 draws dashes that long.
    public func strokeRoundedRect(
        _ rect: Rect, radius: Double, lineWidth: Double, color: RGBA, dash: Double = 0
    ) {
        withSavedState {
            roundedRectPath(rect, radius: radius)
            setColor(color)
            cairo_set_line_width(cr, lineWidth)
            if dash > 0 {
                var pattern = [dash, dash * 0.75]
                cairo_set_dash(cr, &pattern, 2, 0)
            }
            cairo_stroke(cr)
        }
    }

    /// Strokes an open polyline with round caps and joins.
    public func strokePolyline(_ points: [Point], lineWidth: Double, color: RGBA) {
        guard let first = points.first else { return }
        withSavedState {
            cairo_new_path(cr)
            cairo_move_to(cr, first.x, first.y)
            for p in points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
            setColor(color)
            cairo_set_line_width(cr, lineWidth)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            cairo_stroke(cr)
        }
    }

    /// Fills a closed polygon.
    public func fillPolygon(_ points: [Point], color: RGBA) {
        guard let first = points.first else { return }
        cairo_new_path(cr)
        cairo_move_to(cr, first.x, first.y)
        for p in points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
        cairo_close_path(cr)
        setColor(color)
        cairo_fill(cr)
    }

    public func fillCircle(center: Point, radius: Double, color: RGBA) {
        cairo_new_path(cr)
        cairo_arc(cr, center.x, center.y, radius, 0, 2 * Double.pi)
        setColor(color)
        cairo_fill(cr)
    }

    /// A ">" centred at `center`, `height` tall, as on iOS disclosure indicators.
    public func strokeChevron(
        center: Point, height: Double, pointsLeft: Bool = false, lineWidth: Double, color: RGBA
    ) {
        let half = height / 2
        let depth = half * 0.55 * (pointsLeft ? -1 : 1)
        strokePolyline(
            [
                Point(x: center.x - depth, y: center.y - half),
                Point(x: center.x + depth, y: center.y),
                Point(x: center.x - depth, y: center.y + half)
            ], lineWidth: lineWidth, color: color)
    }

    // MARK: Images

    /// Draws `image` scaled to fit inside `rect` with its aspect ratio kept, centred; returns the
    /// rectangle it covered. `radius` rounds the corners of that rectangle.
    @discardableResult
    public func drawImage(
        _ image: ImageBuffer, fittingIn rect: Rect, cornerRadius radius: Double = 0
    ) -> Rect {
        let iw = Double(image.width)
        let ih = Double(image.height)
        guard iw > 0, ih > 0, rect.width > 0, rect.height > 0 else { return .zero }
        let s = min(rect.width / iw, rect.height / ih)
        let placed = Rect(
            x: rect.midX - iw * s / 2, y: rect.midY - ih * s / 2, width: iw * s, height: ih * s)
        withSavedState {
            if radius > 0 {
                clip(toRoundedRect: placed, radius: radius)
            } else {
                clip(to: placed)
            }
            cairo_translate(cr, placed.minX, placed.minY)
            cairo_scale(cr, s, s)
            cairo_set_source_surface(cr, image.surface, 0, 0)
            // GOOD is a box filter when shrinking, which keeps downscaled photos free of aliasing.
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
            cairo_paint(cr)
        }
        return placed
    }

    // MARK: Paths

    func roundedRectPath(_ rect: Rect, radius: Double) {
        let r = max(0, min(radius, rect.width / 2, rect.height / 2))
        cairo_new_path(cr)
        guard r > 0 else {
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
            return
        }
        let half = Double.pi / 2
        cairo_new_sub_path(cr)
        cairo_arc(cr, rect.maxX - r, rect.minY + r, r, -half, 0)
        cairo_arc(cr, rect.maxX - r, rect.maxY - r, r, 0, half)
        cairo_arc(cr, rect.minX + r, rect.maxY - r, r, half, 2 * half)
        cairo_arc(cr, rect.minX + r, rect.minY + r, r, 2 * half, 3 * half)
        cairo_close_path(cr)
    }
}
