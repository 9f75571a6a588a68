/// Fixed proportions of the panel design, in logical pixels unless noted. Colours, fonts, padding,
/// spacing and corner radius come from the Theme; these are the shapes around them.
enum PanelMetrics {
    /// A list row: tall enough for a fingertip (Apple and Material both ask for 44-48 px minimum;
    /// a wall panel is used at arm's length, often with gloves).
    static let listRowHeight = 72.0
    /// Width of the level bar on a value card in warning or alarm.
    static let valueLevelBar = 8.0
    static let keyValueRowHeight = 56.0
    /// Text inset inside cards and rows.
    static let rowInset = 24.0
    static let chevronHeight = 16.0
    static let chevronWidth = 9.0
    static let chevronLineWidth = 2.5
    /// Gap between a title and its subtitle.
    static let subtitleGap = 6.0
    /// Extra space below a title, so a heading separates from the content it introduces.
    static let titleBottomMargin = 8.0
    static let captionGap = 10.0
    /// File value number size relative to the title size.
    static let fileValueSizeFactor = 1.6
    static let fileValueInset = 24.0
    /// Consecutive file values sit side by side while each card can be at least this wide.
    static let fileValueMinWidth = 280.0
    static let fileValueLabelGap = 4.0
    /// Icon edge relative to the tile height, and its cap.
    static let tileIconFraction = 0.42
    static let tileIconMax = 96.0
    static let tileIconLabelGap = 12.0
    static let tileLabelInset = 12.0
    /// The smallest a tile label shrinks to keep a long word whole, relative to the small size.
    static let tileLabelSmallest = 0.8
    /// Between a row's label and its detail, a key and its value.
    static let columnGap = 16.0
    /// A line's height relative to its font size (DejaVu Sans: 1.16), with a little air.
    static let lineHeightFactor = 1.2
    /// Words of a tile label measured to find the widest (a label is a few words).
    static let measuredWords = 32
    /// Body text line spacing factor: a little looser than the font's for reading at a distance.
    static let bodyLineSpacing = 1.2
}
