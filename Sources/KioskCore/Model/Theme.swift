/// Colours, fonts, sizes and spacing every panel is drawn with (`[theme]` in kiosk.toml).
/// Sizes are logical pixels; the renderer multiplies by the output scale.
public struct Theme: Hashable, Sendable {
    public var background: RGBA
    /// Cards, list rows and tiles sit on this.
    public var surface: RGBA
    public var text: RGBA
    public var mutedText: RGBA
    public var accent: RGBA
    /// Text drawn on the accent colour (buttons).
    public var onAccent: RGBA
    public var divider: RGBA
    /// A Pango font family list, e.g. "DejaVu Sans, sans".
    public var fontFamily: String
    public var titleSize: Double
    public var bodySize: Double
    public var smallSize: Double
    /// Space between the panel edge and its widgets.
    public var padding: Double
    /// Space between two widgets in the vertical flow, and between tiles.
    public var spacing: Double
    public var cornerRadius: Double
    /// Which way pages read; set from the language shown, not from `[theme]`.
    public var layoutDirection: LayoutDirection = .leftToRight

    public init(
        background: RGBA, surface: RGBA, text: RGBA, mutedText: RGBA, accent: RGBA, onAccent: RGBA,
        divider: RGBA, fontFamily: String, titleSize: Double, bodySize: Double, smallSize: Double,
        padding: Double, spacing: Double, cornerRadius: Double
    ) {
        self.background = background
        self.surface = surface
        self.text = text
        self.mutedText = mutedText
        self.accent = accent
        self.onAccent = onAccent
        self.divider = divider
        self.fontFamily = fontFamily
        self.titleSize = titleSize
        self.bodySize = bodySize
        self.smallSize = smallSize
        self.padding = padding
        self.spacing = spacing
        self.cornerRadius = cornerRadius
    }

    /// A dark theme that reads well on a wall at a distance; what an empty `[theme]` means.
    public static let standard = Theme(
        background: RGBA(red: 0.067, green: 0.086, blue: 0.118),
        surface: RGBA(red: 0.118, green: 0.145, blue: 0.188),
        text: RGBA(red: 0.94, green: 0.95, blue: 0.96),
        mutedText: RGBA(red: 0.62, green: 0.67, blue: 0.73),
        accent: RGBA(red: 0.976, green: 0.659, blue: 0.145),
        onAccent: RGBA(red: 0.08, green: 0.08, blue: 0.08),
        divider: RGBA(red: 0.22, green: 0.26, blue: 0.31),
        fontFamily: "DejaVu Sans",
        titleSize: 40, bodySize: 22, smallSize: 16,
        padding: 32, spacing: 16, cornerRadius: 12)
}
