// Ownership: a TextContext owns one PangoCairoFontMap and one PangoContext made from it (GObjects,
// unreffed in deinit). Every TextLayout made from it holds a strong reference to it. Pango objects
// are not thread-safe: use a context and its layouts on one thread at a time. A private font map
// (rather than pango's per-thread default) lets the owner move between threads between uses.
import CPangoCairo
import KioskCore

/// Fonts and rendering options shared by text layouts: antialiased greyscale, slight hinting,
/// unhinted metrics and unrounded glyph positions, so a layout measures the same at every output
/// scale and drawing at scale 2 only adds detail.
public final class TextContext {
    let fontMap: UnsafeMutablePointer<PangoFontMap>
    /// The PangoContext for left-to-right pages; exposed to KioskRender only.
    let context: OpaquePointer
    /// The same fonts with a right-to-left base direction, for the layouts of right-to-left pages
    /// (pango has no per-layout base direction: a layout takes its context's).
    let rightToLeftContext: OpaquePointer

    public init() {
        guard let map = pango_cairo_font_map_new() else {
            preconditionFailure("pango could not create a font map")
        }
        fontMap = map
        context = TextContext.makeContext(map, direction: PANGO_DIRECTION_LTR)
        rightToLeftContext = TextContext.makeContext(map, direction: PANGO_DIRECTION_RTL)
    }

    /// The PangoContext for `direction`.
    func context(for direction: LayoutDirection) -> OpaquePointer {
        direction == .rightToLeft ? rightToLeftContext : context
    }

    private static func makeContext(
        _ map: UnsafeMutablePointer<PangoFontMap>, direction: PangoDirection
    ) -> OpaquePointer {
        guard let ctx = pango_font_map_create_context(map) else {
            preconditionFailure("pango could not create a context")
        }
        pango_context_set_base_dir(ctx, direction)
        guard let options = cairo_font_options_create() else {
            preconditionFailure("cairo out of memory")
        }
        // Explicit options keep text identical whatever the machine's fontconfig prefers
        // (subpixel RGB on a rotated panel draws colour fringes; metric hinting shifts layouts).
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_SLIGHT)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(ctx, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(ctx, 0)
        // Sizes are set in pixels; a fixed resolution makes point sizes in markup predictable too.
        pango_cairo_context_set_resolution(ctx, 96)
        return ctx
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(rightToLeftContext))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
    }
}
