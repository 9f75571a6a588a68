import KioskCore

/// Helpers for checking poses and matrices; a namespace so other test files' helpers can't clash.
enum PoseCheck {
    /// Where the page point (x, y) of `pose` lands in the container (nil behind the eye).
    static func at(_ pose: LayerPose, _ x: Double, _ y: Double) -> Point? {
        pose.transform.project(Point(x: x, y: y))
    }

    /// The homogeneous w of the page point (x, y): 1 on the screen plane, > 1 behind it.
    static func w(_ pose: LayerPose, _ x: Double, _ y: Double) -> Double {
        (pose.transform * Vector4(x: x, y: y)).w
    }

    /// The four page corners (0,0), (W,0), (W,H), (0,H) of `size`.
    static func corners(_ size: Size) -> [Point] {
        [
            Point(x: 0, y: 0), Point(x: size.width, y: 0), Point(x: size.width, y: size.height),
            Point(x: 0, y: size.height)
        ]
    }

    /// True when every page corner of `pose` lands within `tolerance` pixels of where it is at rest (the seed nudges
    /// some pages 0.01 pt back for draw order: 0.01 px at a 1920-px corner).
    static func isAtRest(_ pose: LayerPose, size: Size, tolerance: Double = 0.05) -> Bool {
        corners(size).allSatisfy { c in
            guard let p = pose.transform.project(c) else { return false }
            return p.distance(to: c) <= tolerance
        }
    }

    /// True when `a` and `b` differ by at most `tolerance`.
    static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
        abs(a - b) <= tolerance
    }

    /// True when `p` exists and lies within `tolerance` of (x, y).
    static func close(_ p: Point?, _ x: Double, _ y: Double, _ tolerance: Double = 1e-6) -> Bool {
        guard let p else { return false }
        return abs(p.x - x) <= tolerance && abs(p.y - y) <= tolerance
    }

    /// True when every entry of the matrix is finite.
    static func isFinite(_ m: Matrix4) -> Bool { m.m.allSatisfy { $0.isFinite } }

    /// Degrees to radians.
    static func radians(_ degrees: Double) -> Double { degrees * pi / 180 }
}
