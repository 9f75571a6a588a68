import KioskCore

/// What `PageSurfaceCache.prepare(for:now:)` changed: per layer content, the rectangles of its
/// surface that hold new pixels. Feed `damage` to `OutputDamage` to learn what to recompose.
public struct SurfaceUpdate: Equatable, Sendable {
    /// Changed rectangles in each surface's own pixels (whole pixels, inside the surface).
    /// A content that is absent did not change; a newly rasterised one lists its whole surface.
    public var damage: [LayerContent: [Rect]]
    /// Contents drawn from scratch this time (new, resized, rescaled or invalidated).
    public var rasterised: Set<LayerContent>
    /// Contents of the scene that have no surface, with a one-line reason (an unknown page, a
    /// container where a panel was expected, a size no buffer can have). The compositor skips them.
    public var missing: [LayerContent: String]

    public init(
        damage: [LayerContent: [Rect]] = [:], rasterised: Set<LayerContent> = [],
        missing: [LayerContent: String] = [:]
    ) {
        self.damage = damage
        self.rasterised = rasterised
        self.missing = missing
    }

    /// True when no surface changed.
    public var isEmpty: Bool { damage.isEmpty }

    /// The damage as layer-local logical rectangles, one bounding rect per content (nil = the
    /// whole layer, for surfaces drawn from scratch): the `dirty:` argument of the compositor's
    /// `FrameDamage.between`. `scale` is the surfaces' scale (`PageSurfaceCache.scale`).
    public func dirtyParts(scale: Double) -> [LayerContent: Rect?] {
        let s = scale.isFinite && scale > 0 ? scale : 1
        var parts: [LayerContent: Rect?] = [:]
        for (content, rects) in damage {
            guard !rasterised.contains(content), var box = rects.first else {
                parts[content] = .some(nil)
                continue
            }
            for r in rects.dropFirst() { box = box.union(r) }
            parts[content] = Rect(
                x: box.minX / s, y: box.minY / s, width: box.width / s, height: box.height / s)
        }
        return parts
    }
}
