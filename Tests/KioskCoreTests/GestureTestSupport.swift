import KioskCore

/// Feeds events in order and collects every gesture.
func feed(_ recognizer: inout GestureRecognizer, _ events: [TouchEvent]) -> [Gesture] {
    events.flatMap { recognizer.handle($0) }
}

/// A one-finger drag: down at `from`, `steps` motions linearly to `to` ending at `start + duration`,
/// then up at the same time as the last motion (as panels report it).
func linearDrag(
    id: Int32 = 1, from: Point, to: Point, start: Double = 0, duration: Double, steps: Int,
    lift: Bool = true
) -> [TouchEvent] {
    var events: [TouchEvent] = [.down(id: id, position: from, time: start)]
    for k in 1...steps {
        let f = Double(k) / Double(steps)
        let p = Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f)
        events.append(.motion(id: id, position: p, time: start + duration * f))
    }
    if lift { events.append(.up(id: id, time: start + duration)) }
    return events
}

/// The pan steps in `gestures` (from `.pan` and `.edgeSwipe`).
func panSteps(_ gestures: [Gesture]) -> [PanGesture] {
    gestures.compactMap(\.panGesture)
}

/// SplitMix64 (Steele, Lea, Flood 2014): a tiny seeded generator so fuzz runs are reproducible.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
