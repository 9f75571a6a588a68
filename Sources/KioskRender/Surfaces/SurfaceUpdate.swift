import KioskCore

/// What `PageSurfaceCache.prepare(for:now:)` changed: per layer content, the rectangles of its
/// surface that hold new pixels. Feed `damage` to `FrameDamage` to learn what to recompose.
public struct SurfaceUpdate: Equatable, Sendable {
    /// Changed rectangles in each surface's own pixels (whole pixels, inside the surface).
    /// A content that is absent did not change; a newly rasterised one lists its whole surface.
    public var damage: [LayerContent: [Rect]]
    /// Contents drawn from scratch this time (new, resized, rescaled or invalidated).
    public var rasterised: Set<LayerContent>
    /// Contents of the scene that have no surface, with a one-line reason (an unknown page, a
    /// container where a panel was expected, a size no buffer can have). The compositor skips them.
    public var missing: [LayerContent: String]

    public init(damage: [LayerContent: [Rect]] = [:], rasterised: Set<LayerContent> = [], missing: [LayerContent: String] = [:]) {
        self.damage = damage
        self.rasterised = rasterised
        self.missing = missing
    }

    /// True when no surface changed.
    public var isEmpty: Bool { damage.isEmpty }
}
