/// Opacity, dim and clip a layer inherits from the containers above it.
public struct SceneLook: Hashable, Sendable {
    public var opacity = 1.0
    public var dim = 0.0
    /// In output pixels.
    public var clip: Rect?

    public init(opacity: Double = 1, dim: Double = 0, clip: Rect? = nil) {
        self.opacity = opacity
        self.dim = dim
        self.clip = clip
    }

    /// This look under one more layer of `opacity` and `dim`.
    public func adding(opacity o: Double, dim d: Double) -> SceneLook {
        SceneLook(opacity: opacity * o, dim: 1 - (1 - dim) * (1 - d), clip: clip)
    }

    /// Narrows the clip to `rect` (local) under `placement`. Clips survive only axis-aligned
    /// placements; under a 3-D pose the rectangle is no longer one (a column clip inside a
    /// turning cube face is dropped for the turn).
    public func clipped(to rect: Rect, placement: Matrix4) -> SceneLook {
        guard let mapped = Self.axisAligned(rect, placement) else { return self }
        var copy = self
        if let current = clip {
            copy.clip = current.intersection(mapped) ?? Rect(origin: mapped.origin, size: .zero)
        } else {
            copy.clip = mapped
        }
        return copy
    }

    /// `rect` mapped by `m` when `m` is a scale plus translation; nil otherwise.
    static func axisAligned(_ rect: Rect, _ m: Matrix4) -> Rect? {
        guard m[0, 1] == 0, m[1, 0] == 0, m[3, 0] == 0, m[3, 1] == 0, m[3, 3] != 0 else {
            return nil
        }
        guard let a = m.project(rect.origin), let b = m.project(Point(x: rect.maxX, y: rect.maxY))
        else { return nil }
        return Rect(
            x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }
}
