import KioskCore

/// A tappable part of a laid-out panel: a list row or a grid tile/button that has an action.
/// A panel's hit regions are in focus order (the vertical flow, then left to right), so keyboard
/// focus index `i` means `hitRegions[i]`.
public struct HitRegion: Hashable, Sendable {
    /// In logical page coordinates, clipped to the page.
    public var rect: Rect
    public var action: Action
    /// The widget it belongs to, as an index into `Panel.widgets`.
    public var widgetIndex: Int
    /// The row or tile within that widget.
    public var itemIndex: Int

    public init(rect: Rect, action: Action, widgetIndex: Int, itemIndex: Int) {
        self.rect = rect
        self.action = action
        self.widgetIndex = widgetIndex
        self.itemIndex = itemIndex
    }

    /// The region under `point`, if any.
    public static func region(at point: Point, in regions: [HitRegion]) -> HitRegion? {
        regions.first { $0.rect.contains(point) }
    }
}

/// A part of a page whose pixels change without the page changing: a clock or a file value.
/// A damage tracker redraws only these with `PageRenderer.redraw(_:…)`.
public struct DynamicRegion: Hashable, Sendable {
    public enum Source: Hashable, Sendable {
        /// A clock with this strftime format.
        case clock(format: String)
        /// A file value read from this path.
        case file(path: String)
    }

    /// In logical page coordinates, clipped to the page.
    public var rect: Rect
    public var source: Source
    /// The widget, as an index into `Panel.widgets`.
    public var widgetIndex: Int

    public init(rect: Rect, source: Source, widgetIndex: Int) {
        self.rect = rect
        self.source = source
        self.widgetIndex = widgetIndex
    }

    /// True for a clock whose format shows seconds (it needs a tick every second, not every minute).
    public var updatesEverySecond: Bool {
        guard case .clock(let format) = source else { return false }
        var chars = format.makeIterator()
        while let c = chars.next() {
            guard c == "%" else { continue }
            // Skip strftime flags and width (e.g. %-S, %_5S) to reach the conversion.
            var conversion = chars.next()
            while let f = conversion, "_-0^#EO123456789".contains(f) { conversion = chars.next() }
            if let f = conversion, "STrsc+X".contains(f) { return true }
        }
        return false
    }
}

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
