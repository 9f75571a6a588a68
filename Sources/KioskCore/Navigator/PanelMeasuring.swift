/// What the Navigator asks about a panel's laid-out content: where its tappable items are and how
/// tall it is. The app answers from the renderer's layout (KioskRender measures text; Core does
/// not), so Core declares the question and the renderer side conforms.
public protocol PanelMeasuring {
    /// The tappable items of panel `page` laid out at `size`, in panel-local logical pixels.
    func targets(page: PageID, size: Size) -> [PanelTarget]
    /// How tall panel `page`'s content is when laid out `size.width` wide (logical px), for
    /// scrolling; `size.height` or less means it fits.
    func contentHeight(page: PageID, size: Size) -> Double
}

/// Panels with no tappable items whose content is exactly their frame (no panel scrolls): the
/// Navigator's default when nothing measures panels.
public struct UnmeasuredPanels: PanelMeasuring {
    public init() {}
    public func targets(page: PageID, size: Size) -> [PanelTarget] { [] }
    public func contentHeight(page: PageID, size: Size) -> Double { size.height }
}
