/// One column layer of a drill-down at an instant, for the Scene builder. The layer spans the
/// container's full height; x and width are in the container's pixels and the layer is clipped
/// to its own width (SGB's clipping column containers).
public struct DrillDownColumn: Hashable, Sendable {
    public enum Content: Hashable, Sendable {
        case page(PageID)
        /// Shown when the left stack is empty.
        case leftPlaceholder
        /// Shown when there is no right page.
        case rightPlaceholder
    }

    public var content: Content
    public var x: Double
    public var width: Double
    /// Black over the column, 0 … 0.2 (SGB's fading overlay).
    public var dim: Double
    /// 0 … 1 (only the fade replacement changes it).
    public var opacity: Double

    public init(content: Content, x: Double, width: Double, dim: Double = 0, opacity: Double = 1) {
        self.content = content
        self.x = x
        self.width = width
        self.dim = dim
        self.opacity = opacity
    }

    /// This column `t` of the way to `other` (same content).
    func interpolated(to other: DrillDownColumn, _ t: Double) -> DrillDownColumn {
        DrillDownColumn(
            content: content, x: interpolate(x, other.x, t),
            width: interpolate(width, other.width, t),
            dim: interpolate(dim, other.dim, t), opacity: interpolate(opacity, other.opacity, t))
    }

    func moved(by dx: Double, dim newDim: Double? = nil, opacity newOpacity: Double? = nil)
        -> DrillDownColumn
    {
        DrillDownColumn(
            content: content, x: x + dx, width: width, dim: newDim ?? dim,
            opacity: newOpacity ?? opacity)
    }

    func placed(like other: DrillDownColumn) -> DrillDownColumn {
        DrillDownColumn(
            content: content, x: other.x, width: other.width, dim: other.dim, opacity: other.opacity
        )
    }
}
