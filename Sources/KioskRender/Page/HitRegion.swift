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
