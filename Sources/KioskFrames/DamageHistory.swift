/// Which regions each buffer of a swap chain misses compared with the newest frame.
///
/// After frame N is drawn into buffer B with damage D, every other buffer lacks D. When a buffer
/// is reused, copying its missing regions from the last shown buffer makes it hold the previous
/// frame again, so the app can redraw only what changed. Regions are output-pixel rectangles
/// `(x, y, width, height)`; beyond `limit` rectangles a buffer's list collapses to their bounding
/// box (copying a little more is cheaper than tracking many rectangles).
public struct DamageHistory: Sendable, Equatable {
    public typealias Region = (x: Int, y: Int, width: Int, height: Int)

    private var missing: [[Region]]
    private var whole: [Bool]
    public let limit: Int

    public init(buffers: Int, limit: Int = 8) {
        missing = Array(repeating: [], count: buffers)
        whole = Array(repeating: true, count: buffers)
        self.limit = limit
    }

    /// True while a buffer has never held a frame of the current size.
    public func isFresh(_ buffer: Int) -> Bool { whole[buffer] }

    /// The regions `buffer` lacks (meaningless while `isFresh`).
    public func missingRegions(_ buffer: Int) -> [Region] { missing[buffer] }

    /// Records that `buffer` now holds the newest frame, drawn with `damage`.
    public mutating func drew(_ buffer: Int, damage: [Region]) {
        missing[buffer] = []
        whole[buffer] = false
        let nonEmpty = damage.filter { $0.width > 0 && $0.height > 0 }
        for other in missing.indices where other != buffer {
            missing[other].append(contentsOf: nonEmpty)
            if missing[other].count > limit { missing[other] = [Self.bounds(missing[other])] }
        }
    }

    /// Records that `buffer` was given a copy of the newest frame (it misses nothing now); the
    /// other buffers are unchanged.
    public mutating func copiedNewest(into buffer: Int) {
        missing[buffer] = []
        whole[buffer] = false
    }

    /// Forgets every buffer's content (new size or scale: all buffers are new).
    public mutating func reset() {
        for index in missing.indices {
            missing[index] = []
            whole[index] = true
        }
    }

    static func bounds(_ regions: [Region]) -> Region {
        let x0 = regions.map(\.x).min() ?? 0
        let y0 = regions.map(\.y).min() ?? 0
        let x1 = regions.map { $0.x + $0.width }.max() ?? 0
        let y1 = regions.map { $0.y + $0.height }.max() ?? 0
        return (x0, y0, x1 - x0, y1 - y0)
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.whole == b.whole && a.limit == b.limit && a.missing.count == b.missing.count
            && zip(a.missing, b.missing).allSatisfy { pair in
                pair.0.count == pair.1.count && zip(pair.0, pair.1).allSatisfy { $0 == $1 }
            }
    }
}
