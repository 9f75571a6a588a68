import KioskCore
import Testing

/// True when both coordinates agree within `tolerance` (rotations are exact here, so the
/// tolerance only absorbs rounding of a handful of additions of values below 10⁴).
func orientationClose(_ a: Point, _ b: Point, tolerance: Double = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

/// The four corners and the centre of a rectangle of `size` at the origin.
func cornersAndCentre(of size: Size) -> [Point] {
    [
        Point(x: 0, y: 0), Point(x: size.width, y: 0), Point(x: 0, y: size.height),
        Point(x: size.width, y: size.height), Point(x: size.width / 2, y: size.height / 2)
    ]
}

/// A landscape 7" panel's native grid.
let landscapePanel = Size(width: 800, height: 480)
