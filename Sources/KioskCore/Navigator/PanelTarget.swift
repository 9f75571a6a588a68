/// A tappable item of a panel, in panel-local logical pixels, as the renderer laid it out.
public struct PanelTarget: Hashable, Sendable {
    public var rect: Rect
    public var action: Action
    public init(rect: Rect, action: Action) {
        self.rect = rect
        self.action = action
    }
}
