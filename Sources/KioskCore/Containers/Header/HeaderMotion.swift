/// How the parts of two headers move while one replaces the other: the header of the lower page
/// (the one a push leaves, a pop returns to) and the header of the upper page, at `progress` q
/// of a push (q = 0: the lower header, q = 1: the upper one). A pop at p is the push at 1 − p,
/// so it is the same picture played backwards, and a finger-driven pop follows the finger.
///
/// The rule that keeps every word readable: a leaving title or back label fades out over the
/// first half (alpha 1 − 2q), an arriving one fades in over the second half (alpha 2q − 1), so
/// at any instant at most one of the two titles (and of the two back labels) is visible at all;
/// exactly half-way the bar shows neither. Meanwhile the titles slide the way the pages go:
/// leftwards on a push by `slide(width:)` over the whole transition, rightwards on a pop; the
/// upper back label slides with them, the lower one fades in place (it would slide under the
/// chevron). The bar stays; the chevron stays when both headers have one and otherwise fades
/// in or out over the whole change.
public struct HeaderMotion: Hashable, Sendable {
    public var lower: HeaderLine
    public var upper: HeaderLine
    /// Push progress 0 … 1 (clamped).
    public var progress: Double
    /// The lower side's words when they are already moving: the header picture of a change this
    /// one cut short (`RunningTransition+Handoff`), carried on from where it is; nil: `lower`.
    public var lowerMoving: [Placed]?
    /// The same for the upper side (a pop cutting a change short draws it on the upper side).
    public var upperMoving: [Placed]?

    public init(lower: HeaderLine, upper: HeaderLine, progress: Double) {
        self.lower = lower
        self.upper = upper
        self.progress = progress.isFinite ? min(max(progress, 0), 1) : 0
    }

    /// One part of the picture: what, how far it is moved along the header, how opaque.
    public struct Placed: Hashable, Sendable {
        public var part: HeaderPart
        public var offset: Double
        public var alpha: Double
    }

    /// Alpha of the leaving header's words at push progress `q`.
    public static func leavingAlpha(_ q: Double) -> Double { min(1, max(0, 1 - 2 * q)) }
    /// Alpha of the arriving header's words at push progress `q`.
    public static func arrivingAlpha(_ q: Double) -> Double { min(1, max(0, 2 * q - 1)) }

    /// How far a title travels over a whole change: a quarter of the header, at most 240 px.
    public static func slide(width: Double) -> Double { min(max(width, 0) / 4, 240) }

    /// The parts, back to front (the bar first); parts with nothing to show are left out.
    public func parts(width: Double) -> [Placed] {
        let q = progress
        let s = Self.slide(width: width)
        let out = Self.leavingAlpha(q)
        let into = Self.arrivingAlpha(q)
        var result = [Placed(part: .bar, offset: 0, alpha: 1)]
        // The chevron is not a word: it blends from one side's to the other's, and stays when
        // both have one.
        func chevron(_ line: HeaderLine, _ moving: [Placed]?) -> Double {
            if let moving { return moving.first { $0.part == .chevron }?.alpha ?? 0 }
            return line.back != nil ? 1 : 0
        }
        let lowerChevron = chevron(lower, lowerMoving)
        let upperChevron = chevron(upper, upperMoving)
        result.append(
            Placed(
                part: .chevron, offset: 0, alpha: lowerChevron + (upperChevron - lowerChevron) * q))
        // A word both headers share (the back label while a cube face turns under a stack's
        // header) stays where it is.
        let still = lowerMoving == nil && upperMoving == nil
        let sameBack = still && lower.back == upper.back
        let sameTitle =
            still && lower.title == upper.title && (lower.back == nil) == (upper.back == nil)
        if sameBack, let back = lower.back, !back.isEmpty {
            result.append(Placed(part: .backLabel(back), offset: 0, alpha: 1))
        }
        if sameTitle {
            result.append(
                Placed(
                    part: .title(lower.title, besideBack: lower.back != nil), offset: 0, alpha: 1))
        }
        func words(_ line: HeaderLine, _ moving: [Placed]?, offset: Double, alpha: Double) {
            if let moving {
                for placed in moving where placed.part != .bar && placed.part != .chevron {
                    result.append(
                        Placed(
                            part: placed.part, offset: placed.offset + offset,
                            alpha: placed.alpha * alpha))
                }
                return
            }
            // The lower back label fades where it is: sliding left it would pass under the
            // chevron, which stays.
            if !sameBack, let back = line.back, !back.isEmpty {
                result.append(
                    Placed(part: .backLabel(back), offset: max(0, offset), alpha: alpha))
            }
            if !sameTitle {
                result.append(
                    Placed(
                        part: .title(line.title, besideBack: line.back != nil), offset: offset,
                        alpha: alpha))
            }
        }
        words(lower, lowerMoving, offset: -s * q, alpha: out)
        words(upper, upperMoving, offset: s * (1 - q), alpha: into)
        return result.filter { $0.alpha > 0 }
    }
}
