/// A homogeneous point (x, y, z, w).
public struct Vector4: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var z: Double
    public var w: Double

    public init(x: Double, y: Double, z: Double = 0, w: Double = 1) {
        self.x = x
        self.y = y
        self.z = z
        self.w = w
    }

    /// The point on the screen after the perspective divide; nil when it lies at or behind the eye.
    public var projected: Point? {
        guard w > 1e-9 else { return nil }
        return Point(x: x / w, y: y / w)
    }
}

/// A 4x4 projective transform acting on column vectors: `p' = M · p`.
///
/// Coordinates follow the screen: +x right, +y down, +z toward the viewer. With these axes the
/// plain right-handed rotation matrices reproduce Core Animation's senses, which the seeds are
/// written in (seed-behaviour.md, "Conventions"): a positive rotation about Y moves a layer's right
/// edge away from the viewer, a positive rotation about X moves its bottom edge toward the viewer.
/// Core Animation multiplies row vectors, so a CA chain "A then B" is `B * A` here; `then(_:)`
/// spells that order out.
public struct Matrix4: Hashable, Sendable, CustomStringConvertible {
    /// Row-major storage: `m[row * 4 + column]`.
    public var m: [Double]

    public init(rows: [[Double]]) {
        precondition(
            rows.count == 4 && rows.allSatisfy { $0.count == 4 }, "Matrix4 needs 4x4 values")
        m = rows.flatMap { $0 }
    }

    private init(storage: [Double]) { m = storage }

    public static let identity = Matrix4(storage: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

    public subscript(row: Int, column: Int) -> Double {
        get { m[row * 4 + column] }
        set { m[row * 4 + column] = newValue }
    }

    public var isIdentity: Bool { self == .identity }

    public static func * (a: Matrix4, b: Matrix4) -> Matrix4 {
        var r = [Double](repeating: 0, count: 16)
        for i in 0..<4 {
            for j in 0..<4 {
                var s = 0.0
                for k in 0..<4 { s += a.m[i * 4 + k] * b.m[k * 4 + j] }
                r[i * 4 + j] = s
            }
        }
        return Matrix4(storage: r)
    }

    public static func * (a: Matrix4, v: Vector4) -> Vector4 {
        Vector4(
            x: a.m[0] * v.x + a.m[1] * v.y + a.m[2] * v.z + a.m[3] * v.w,
            y: a.m[4] * v.x + a.m[5] * v.y + a.m[6] * v.z + a.m[7] * v.w,
            z: a.m[8] * v.x + a.m[9] * v.y + a.m[10] * v.z + a.m[11] * v.w,
            w: a.m[12] * v.x + a.m[13] * v.y + a.m[14] * v.z + a.m[15] * v.w)
    }

    /// This transform followed by `next` (Core Animation's row-vector order).
    public func then(_ next: Matrix4) -> Matrix4 { next * self }

    /// Where a point of the layer's plane (z = 0) lands on screen; nil when it is behind the eye.
    public func project(_ p: Point) -> Point? {
        (self * Vector4(x: p.x, y: p.y)).projected
    }

    public static func translation(x: Double = 0, y: Double = 0, z: Double = 0) -> Matrix4 {
        Matrix4(storage: [1, 0, 0, x, 0, 1, 0, y, 0, 0, 1, z, 0, 0, 0, 1])
    }

    public static func scale(x: Double = 1, y: Double = 1, z: Double = 1) -> Matrix4 {
        Matrix4(storage: [x, 0, 0, 0, 0, y, 0, 0, 0, 0, z, 0, 0, 0, 0, 1])
    }

    /// Rotation about the X axis by `angle` radians (positive: bottom edge toward the viewer).
    public static func rotationX(_ angle: Double) -> Matrix4 {
        let c = cosine(angle)
        let s = sine(angle)
        return Matrix4(storage: [1, 0, 0, 0, 0, c, -s, 0, 0, s, c, 0, 0, 0, 0, 1])
    }

    /// Rotation about the Y axis by `angle` radians (positive: right edge away from the viewer).
    public static func rotationY(_ angle: Double) -> Matrix4 {
        let c = cosine(angle)
        let s = sine(angle)
        return Matrix4(storage: [c, 0, s, 0, 0, 1, 0, 0, -s, 0, c, 0, 0, 0, 0, 1])
    }

    /// Rotation about the Z axis by `angle` radians (positive: clockwise on screen, since +y is down).
    public static func rotationZ(_ angle: Double) -> Matrix4 {
        let c = cosine(angle)
        let s = sine(angle)
        return Matrix4(storage: [c, -s, 0, 0, s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
    }

    /// Pinhole perspective with the eye `eyeDistance` in front of the z = 0 plane, looking at
    /// `center` (Core Animation's `m34 = -1/d` applied about the superlayer's centre): a point at
    /// depth z is scaled by d / (d - z) toward `center`.
    public static func perspective(eyeDistance d: Double, center: Point) -> Matrix4 {
        precondition(d > 0, "eye distance must be positive")
        let toOrigin = translation(x: -center.x, y: -center.y)
        var p = Matrix4.identity
        p[3, 2] = -1 / d
        return toOrigin.then(p).then(translation(x: center.x, y: center.y))
    }

    /// The inverse, or nil when the matrix is singular.
    public var inverse: Matrix4? {
        var a = m
        var inv = Matrix4.identity.m
        for col in 0..<4 {
            var pivot = col
            for r in col + 1..<4 where abs(a[r * 4 + col]) > abs(a[pivot * 4 + col]) { pivot = r }
            guard abs(a[pivot * 4 + col]) > 1e-12 else { return nil }
            if pivot != col {
                for k in 0..<4 {
                    a.swapAt(pivot * 4 + k, col * 4 + k)
                    inv.swapAt(pivot * 4 + k, col * 4 + k)
                }
            }
            let d = a[col * 4 + col]
            for k in 0..<4 {
                a[col * 4 + k] /= d
                inv[col * 4 + k] /= d
            }
            for r in 0..<4 where r != col {
                let f = a[r * 4 + col]
                guard f != 0 else { continue }
                for k in 0..<4 {
                    a[r * 4 + k] -= f * a[col * 4 + k]
                    inv[r * 4 + k] -= f * inv[col * 4 + k]
                }
            }
        }
        return Matrix4(storage: inv)
    }

    /// True when every entry is within `tolerance` of the other's.
    public func isClose(to other: Matrix4, tolerance: Double = 1e-9) -> Bool {
        zip(m, other.m).allSatisfy { abs($0 - $1) <= tolerance }
    }

    public var description: String {
        (0..<4).map { r in (0..<4).map { c in "\(self[r, c])" }.joined(separator: " ") }
            .joined(separator: "; ")
    }
}
