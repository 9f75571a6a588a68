/// Which of two flat pages is in front, decided in the container's 3-D space as Core Animation's
/// CATransformLayer sorts its sublayers (the seed renders both pages in one).
struct DepthOrder {
    private let incoming: Quad
    private let outgoing: Quad
    private let eye: Vec3
    private let tolerance: Double
    private let height: Double

    init(incoming: Matrix4, outgoing: Matrix4, space: TransitionSpace) {
        self.incoming = Quad(model: incoming, size: space.size)
        self.outgoing = Quad(model: outgoing, size: space.size)
        eye = Vec3(space.center.x, space.center.y, space.eyeDistance)
        // Far below the seed's 0.001-pt draw-order nudges, far above rounding.
        tolerance = 1e-7 * max(1, space.width, space.height)
        height = space.height
    }

    /// True when the incoming page is drawn after the outgoing one. Painter's tests first (one
    /// page wholly behind the other's plane, or wholly in front of it); equal depth or pages that
    /// cannot overlap put the incoming page on top, as the seed adds the incoming view last;
    /// intersecting pages fall back to the nearer centre.
    var incomingInFront: Bool {
        let inAfterOut = canDraw(incoming, after: outgoing)
        let outAfterIn = canDraw(outgoing, after: incoming)
        if inAfterOut != outAfterIn { return inAfterOut }
        if inAfterOut { return true }
        return incoming.center.distance(to: eye) <= outgoing.center.distance(to: eye)
    }

    /// The page whose point at (x, H/2) of its own plane is nearer to the viewer.
    func nearerAtEdge(x: Double) -> TransitionRole {
        let a = incoming.point(x: x, y: height / 2).z
        let b = outgoing.point(x: x, y: height / 2).z
        return a >= b ? .incoming : .outgoing
    }

    /// True when drawing `b` after `a` is right: `a` cannot hide any part of `b`.
    private func canDraw(_ b: Quad, after a: Quad) -> Bool {
        if let side = b.side(of: eye, tolerance: tolerance),
            a.corners.allSatisfy({ b.side(of: $0, tolerance: tolerance).map { $0 != side } ?? true }
            )
        {
            return true  // a lies wholly on the far side of b's plane
        }
        if let side = a.side(of: eye, tolerance: tolerance),
            b.corners.allSatisfy({ a.side(of: $0, tolerance: tolerance).map { $0 == side } ?? true }
            )
        {
            return true  // b lies wholly on the viewer's side of a's plane
        }
        return false
    }
}

/// A page's four corners in the container's 3-D space.
private struct Quad {
    let model: Matrix4
    let corners: [Vec3]
    let origin: Vec3
    /// Unit normal, nil when the page is degenerate (scaled to nothing).
    let normal: Vec3?

    init(model: Matrix4, size: Size) {
        self.model = model
        let w = size.width
        let h = size.height
        func at(_ x: Double, _ y: Double) -> Vec3 {
            let v = model * Vector4(x: x, y: y)
            return Vec3(v.x, v.y, v.z)
        }
        corners = [at(0, 0), at(w, 0), at(w, h), at(0, h)]
        origin = corners[0]
        let ex = Vec3(model[0, 0], model[1, 0], model[2, 0])
        let ey = Vec3(model[0, 1], model[1, 1], model[2, 1])
        let n = ex.cross(ey)
        let length = n.length
        normal = length > 1e-12 ? n * (1 / length) : nil
    }

    var center: Vec3 {
        let c = corners.reduce(Vec3(0, 0, 0)) { $0 + $1 }
        return c * 0.25
    }

    func point(x: Double, y: Double) -> Vec3 {
        let v = model * Vector4(x: x, y: y)
        return Vec3(v.x, v.y, v.z)
    }

    /// +1 / -1 for the side of the plane `p` is on; nil when within `tolerance` of the plane
    /// (or the page is degenerate, when the caller treats it as undecided).
    func side(of p: Vec3, tolerance: Double) -> Int? {
        guard let n = normal else { return nil }
        let distance = n.dot(p - origin)
        if distance > tolerance { return 1 }
        if distance < -tolerance { return -1 }
        return nil
    }
}

/// A 3-D vector for depth sorting.
struct Vec3 {
    var x: Double
    var y: Double
    var z: Double

    init(_ x: Double, _ y: Double, _ z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    static func + (a: Vec3, b: Vec3) -> Vec3 { Vec3(a.x + b.x, a.y + b.y, a.z + b.z) }
    static func - (a: Vec3, b: Vec3) -> Vec3 { Vec3(a.x - b.x, a.y - b.y, a.z - b.z) }
    static func * (a: Vec3, s: Double) -> Vec3 { Vec3(a.x * s, a.y * s, a.z * s) }
    func dot(_ b: Vec3) -> Double { x * b.x + y * b.y + z * b.z }
    func cross(_ b: Vec3) -> Vec3 { Vec3(y * b.z - z * b.y, z * b.x - x * b.z, x * b.y - y * b.x) }
    var length: Double { dot(self).squareRoot() }
    func distance(to b: Vec3) -> Double { (self - b).length }
}
