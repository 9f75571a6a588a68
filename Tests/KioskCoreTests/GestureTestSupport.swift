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
