// Ownership: a TextLayout owns one PangoLayout (unreffed in deinit) and keeps its TextContext
// alive. Font descriptions are created, copied into the layout and freed within one call.
import CPangoCairo
import KioskCore

/// One paragraph of text, plain or Pango markup, measured and drawn in logical pixels.
public final class TextLayout {
    let layout: OpaquePointer
    private let owner: TextContext

    /// A layout whose paragraphs read in `direction`. Right to left, every paragraph is laid
    /// out with an RTL base direction (not guessed from its first letter), so a label that starts
    /// with Latin letters or digits still reads from the right among Arabic or Hebrew ones, and
    /// `alignment` is absolute (the caller mirrors it: see `TextAlignment.resolved(for:)`).
    public init(context: TextContext, direction: LayoutDirection = .leftToRight) {
        guard let l = pango_layout_new(context.context(for: direction)) else {
            preconditionFailure("pango out of memory")
        }
        layout = l
        owner = context
        pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR)
        if direction == .rightToLeft { pango_layout_set_auto_dir(l, 0) }
    }

    /// A single-paragraph layout with its font, text and colour set up in one call.
    public convenience init(
        context: TextContext, text: String, family: String, size: Double,
        weight: FontWeight = .regular,
        width: Double? = nil, alignment: KioskCore.TextAlignment = .left, ellipsizes: Bool = false,
        direction: LayoutDirection = .leftToRight
    ) {
        self.init(context: context, direction: direction)
        setFont(family: family, size: size, weight: weight)
        self.width = width
        // `alignment` is the left-to-right one: a right-to-left page mirrors it.
        self.alignment = alignment.resolved(for: direction)
        self.ellipsizes = ellipsizes
        setText(text)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }

    // MARK: Content

    public func setText(_ text: String) { pango_layout_set_text(layout, text, -1) }

    /// Sets Pango markup. Markup that does not parse is shown as plain text, so a typo in a page
    /// file shows up on the panel instead of blanking the paragraph. Returns false in that case.
    @discardableResult
    public func setMarkup(_ markup: String) -> Bool {
        var error: UnsafeMutablePointer<GError>? = nil
        let ok = pango_parse_markup(markup, -1, 0, nil, nil, nil, &error) != 0
        if let error { g_error_free(error) }
        if ok {
            pango_layout_set_markup(layout, markup, -1)
        } else {
            pango_layout_set_attributes(layout, nil)
            setText(markup)
        }
        return ok
    }

    /// `family` is a Pango family list ("DejaVu Sans, sans"); `size` is in logical pixels.
    public func setFont(family: String, size: Double, weight: FontWeight = .regular) {
        guard let desc = pango_font_description_new() else {
            preconditionFailure("pango out of memory")
        }
        defer { pango_font_description_free(desc) }
        pango_font_description_set_family(desc, family)
        let px = size.isFinite ? min(max(size, 1), 2000) : 16
        pango_font_description_set_absolute_size(desc, px * Double(PANGO_SCALE))
        let w: PangoWeight =
            switch weight {
            case .light: PANGO_WEIGHT_ULTRALIGHT
            case .regular: PANGO_WEIGHT_NORMAL
            case .bold: PANGO_WEIGHT_BOLD
            }
        pango_font_description_set_weight(desc, w)
        pango_layout_set_font_description(layout, desc)
    }

    // MARK: Shape

    /// Wrap (or ellipsize) width in logical pixels; nil = one line per paragraph, unbounded.
    public var width: Double? {
        get {
            let w = pango_layout_get_width(layout)
            return w < 0 ? nil : Double(w) / Double(PANGO_SCALE)
        }
        set {
            let w = newValue.map { Int32(min(max($0, 0), 100_000) * Double(PANGO_SCALE)) } ?? -1
            pango_layout_set_width(layout, w)
        }
    }

    // Computed over pango's own state (not stored with didSet): observers do not run when the
    // convenience initialiser sets them, and pango is the single source of truth anyway.

    /// Alignment of lines within `width`.
    public var alignment: KioskCore.TextAlignment {
        get {
            switch pango_layout_get_alignment(layout) {
            case PANGO_ALIGN_CENTER: .center
            case PANGO_ALIGN_RIGHT: .right
            default: .left
            }
        }
        set {
            let a: PangoAlignment =
                switch newValue {
                case .left: PANGO_ALIGN_LEFT
                case .center: PANGO_ALIGN_CENTER
                case .right: PANGO_ALIGN_RIGHT
                }
            pango_layout_set_alignment(layout, a)
        }
    }

    /// Ends text that does not fit `width` (or `maxLines`) with "…" instead of wrapping past it.
    public var ellipsizes: Bool {
        get { pango_layout_get_ellipsize(layout) != PANGO_ELLIPSIZE_NONE }
        set {
            pango_layout_set_ellipsize(
                layout, newValue ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE)
        }
    }

    /// With `ellipsizes`, at most this many lines; nil = one line per paragraph when ellipsizing.
    public var maxLines: Int? {
        get {
            let h = pango_layout_get_height(layout)
            return h < 0 && h != -1 ? Int(-h) : nil
        }
        set {
            pango_layout_set_height(layout, newValue.map { -Int32(min(max($0, 1), 1000)) } ?? -1)
        }
    }

    /// With `ellipsizes`, the most height in logical pixels the text may take: lines below it
    /// are left out and the last shown ends with "…" (nil = no limit, or `maxLines`).
    public var maxHeight: Double? {
        get {
            let h = pango_layout_get_height(layout)
            return h > 0 ? Double(h) / Double(PANGO_SCALE) : nil
        }
        set {
            let h = newValue.map { Int32(min(max($0, 0), 100_000) * Double(PANGO_SCALE)) } ?? -1
            pango_layout_set_height(layout, h)
        }
    }

    /// True (the default): a word wider than `width` breaks between characters. False: lines
    /// break only between words, and such a word is ellipsized (with `ellipsizes`) or overflows.
    public var breaksWords: Bool {
        get { pango_layout_get_wrap(layout) != PANGO_WRAP_WORD }
        set { pango_layout_set_wrap(layout, newValue ? PANGO_WRAP_WORD_CHAR : PANGO_WRAP_WORD) }
    }

    /// Whether a word broken across lines gets a hyphen (Pango's default: yes). Applies to the
    /// text set so far; call after `setText`.
    public var insertsHyphens: Bool = true {
        didSet {
            guard let list = pango_attr_list_new() else { return }
            defer { pango_attr_list_unref(list) }
            if let attribute = pango_attr_insert_hyphens_new(insertsHyphens ? 1 : 0) {
                pango_attr_list_insert(list, attribute)
            }
            pango_layout_set_attributes(layout, list)
        }
    }

    /// Distance between baselines as a multiple of the font's line height (0 = the font's own).
    public var lineSpacing: Double {
        get { Double(pango_layout_get_line_spacing(layout)) }
        set { pango_layout_set_line_spacing(layout, Float(newValue)) }
    }

    // MARK: Measuring

    /// The logical size of the laid-out text in logical pixels.
    public var size: Size {
        var w: Int32 = 0
        var h: Int32 = 0
        pango_layout_get_size(layout, &w, &h)
        return Size(width: Double(w) / Double(PANGO_SCALE), height: Double(h) / Double(PANGO_SCALE))
    }

    /// The width the text would take on unbounded lines (for sharing a row between two texts).
    public var naturalWidth: Double {
        let saved = pango_layout_get_width(layout)
        pango_layout_set_width(layout, -1)
        defer { pango_layout_set_width(layout, saved) }
        return size.width
    }

    /// The first line's baseline below the layout's top.
    public var baseline: Double { Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE) }

    public var lineCount: Int { Int(pango_layout_get_line_count(layout)) }

    /// Whether some text was replaced by "…".
    public var isEllipsized: Bool { pango_layout_is_ellipsized(layout) != 0 }

    // MARK: Drawing

    /// Draws the layout with its top-left corner (of the `width` box) at `origin`.
    public func draw(in context: CairoContext, at origin: Point, color: RGBA) {
        let cr = context.cr
        // Updating takes the context's current transformation, so text is rasterised at the
        // output scale rather than scaled up afterwards.
        pango_cairo_update_layout(cr, layout)
        context.withSavedState {
            cairo_new_path(cr)
            cairo_move_to(cr, origin.x, origin.y)
            context.setColor(color)
            pango_cairo_show_layout(cr, layout)
        }
    }
}
