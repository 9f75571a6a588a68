/// Where and how one page is drawn at one instant of a transition or of a prism turn.
public struct LayerPose: Hashable, Sendable {
    /// Maps a point of the page plane ((0,0)-(W,H), z = 0) to container-local pixels, perspective
    /// included (homogeneous; divide by w). Identity = the page at rest filling the container.
    ///
    /// The matrix is flattened: its z row and column are the identity's, because pages are planar
    /// and the perspective has already been applied. Two poses therefore compose as 2-D
    /// homographies (`inner.then(outer)`) when a container is nested in another one's page.
    public var transform: Matrix4
    public var opacity: Double
    /// Black overlay alpha 0...1 drawn over the page (GKLCubeViewController's shading).
    public var dim: Double
    /// False when back-facing (layers are single-sided, as the seeds' `doubleSided = NO`) or when
    /// fully transparent.
    public var isVisible: Bool

    public init(transform: Matrix4, opacity: Double = 1, dim: Double = 0, isVisible: Bool = true) {
        self.transform = transform
        self.opacity = opacity
        self.dim = dim
        self.isVisible = isVisible
    }

    /// The page at rest: identity, opaque, undimmed.
    public static let rest = LayerPose(transform: .identity)

    /// A pose for a page whose placement in the container's 3-D space is `model` (no
    /// perspective), seen with the given perspective.
    static func seen(
        model: Matrix4, perspective: Matrix4, size: Size, opacity: Double, dim: Double = 0
    ) -> LayerPose {
        let transform = (model.then(perspective)).flattened
        let visible = opacity > 0 && isFrontFacing(transform, size: size)
        return LayerPose(transform: transform, opacity: opacity, dim: dim, isVisible: visible)
    }
}

extension Matrix4 {
    /// The same map of the z = 0 plane with the z row and column replaced by the identity's.
    var flattened: Matrix4 {
        var r = self
        for i in 0..<4 {
            r[2, i] = i == 2 ? 1 : 0
            r[i, 2] = i == 2 ? 1 : 0
        }
        return r
    }
}

/// True when the page of `size` seen through `transform` shows its front: its projected corners
/// keep the on-screen winding they have at rest (clockwise with y down). Edge-on, degenerate or
/// behind-the-eye pages are not front-facing.
public func isFrontFacing(_ transform: Matrix4, size: Size) -> Bool {
    guard size.width > 0, size.height > 0 else { return false }
    let corners = [
        Point(x: 0, y: 0), Point(x: size.width, y: 0),
        Point(x: size.width, y: size.height), Point(x: 0, y: size.height)
    ]
    var projected: [Point] = []
    for corner in corners {
        guard let p = transform.project(corner) else { return false }
        projected.append(p)
    }
    var twiceArea = 0.0
    for i in 0..<4 {
        let a = projected[i]
        let b = projected[(i + 1) % 4]
        twiceArea += a.x * b.y - b.x * a.y
    }
    // Relative threshold: an edge-on page has zero area up to rounding.
    return twiceArea > 1e-9 * size.width * size.height
}
