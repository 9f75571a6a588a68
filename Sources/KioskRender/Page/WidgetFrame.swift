import KioskCore

/// Where one widget of a panel sits, with the rows or tiles inside it.
public struct WidgetFrame: Hashable, Sendable {
    /// Index into `Panel.widgets`.
    public var widgetIndex: Int
    /// In logical page coordinates; may extend below the page (content is clipped).
    public var frame: Rect
    /// List and key-value rows, grid tiles; empty for other widgets.
    public var parts: [Rect]

    public init(widgetIndex: Int, frame: Rect, parts: [Rect] = []) {
        self.widgetIndex = widgetIndex
        self.frame = frame
        self.parts = parts
    }
}
