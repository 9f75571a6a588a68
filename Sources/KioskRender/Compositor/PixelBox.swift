import KioskCore

// Integer bounds for the compositor's per-row and per-pixel code, written out: in the large
// functions that draw a row the optimiser stops inlining Swift.min and max, a call each.

/// The smaller of two pixel columns.
@inline(__always) func smaller(_ a: Int, _ b: Int) -> Int { a < b ? a : b }

/// The larger of two pixel columns.
@inline(__always) func larger(_ a: Int, _ b: Int) -> Int { a > b ? a : b }

/// `v` clamped to lo...hi (lo ≤ hi).
@inline(__always) func clamped(_ v: Int, _ lo: Int, _ hi: Int) -> Int {
    v < lo ? lo : (v > hi ? hi : v)
}

/// A half-open rectangle of whole pixels.
struct PixelBox: Equatable {
    var x0: Int
    var y0: Int
    var x1: Int
    var y1: Int

    var isEmpty: Bool { x0 >= x1 || y0 >= y1 }

    func intersection(_ o: PixelBox) -> PixelBox {
        PixelBox(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
    }

    /// The pixels a rectangle touches (rounded outward); nil for non-finite rectangles.
    init?(covering r: Rect) {
        guard
            let b = PixelBox.bounds(
                r.minX.rounded(.down), r.minY.rounded(.down),
                r.maxX.rounded(.up), r.maxY.rounded(.up))
        else { return nil }
        self = b
    }

    /// The pixels whose centres lie inside a rectangle (a clip); nil for non-finite rectangles.
    init?(centresIn r: Rect) {
        guard
            let b = PixelBox.bounds(
                r.minX.rounded(), r.minY.rounded(), r.maxX.rounded(), r.maxY.rounded())
        else { return nil }
        self = b
    }

    init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
    }

    private static func bounds(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> PixelBox? {
        let limit = 1_000_000.0
        func clamp(_ v: Double) -> Int { Int(v > -limit ? (v < limit ? v : limit) : -limit) }
        guard a.isFinite, b.isFinite, c.isFinite, d.isFinite else { return nil }
        return PixelBox(x0: clamp(a), y0: clamp(b), x1: clamp(c), y1: clamp(d))
    }
}
