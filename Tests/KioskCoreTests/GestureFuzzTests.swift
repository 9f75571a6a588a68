import KioskCore
import Testing

private let screen = Size(width: 800, height: 480)

/// Checks the life-cycle rules on a gesture stream: a pan (or edge swipe) step is `.began` only
/// when none is active and otherwise continues the active one with the same edge label; a flick
/// comes only directly after an `.ended`; taps and long presses never occur inside a pan; every
/// value is finite. Returns the number of violations and the number of pans begun and finished.
private struct LifeCycleChecker {
    var isActive = false
    /// The edge label of the active pan (nil for a plain pan).
    var activeEdge: SwipeEdge?
    var previousWasEnded = false
    var began = 0
    var finished = 0
    var discrete = 0  // taps, long presses and flicks
    var edgeSwipes = 0
    var violations: [String] = []

    mutating func check(_ g: Gesture) {
        defer {
            if case .pan(let p) = g, p.phase == .ended {
                previousWasEnded = true
            } else if case .edgeSwipe(_, let p) = g, p.phase == .ended {
                previousWasEnded = true
            } else {
                previousWasEnded = false
            }
        }
        if !g.time.isFinite { violations.append("non-finite time \(g)") }
        switch g {
        case .tap(let p, _), .longPress(let p, _):
            discrete += 1
            if isActive { violations.append("\(g) inside a pan") }
            if !(p.x.isFinite && p.y.isFinite) { violations.append("bad position \(g)") }
        case .flick(let v, _, _):
            discrete += 1
            if !previousWasEnded { violations.append("flick not after ended") }
            if !(v.x.isFinite && v.y.isFinite) { violations.append("bad flick velocity") }
        case .pan(let p): step(p, edge: nil)
        case .edgeSwipe(let e, let p): step(p, edge: e)
        }
    }

    private mutating func step(_ p: PanGesture, edge: SwipeEdge?) {
        for v in [
            p.position.x, p.position.y, p.velocity.x, p.velocity.y, p.startPosition.x,
            p.startPosition.y
        ]
        where !v.isFinite {
            violations.append("non-finite pan value \(p)")
        }
        switch p.phase {
        case .began:
            if isActive { violations.append("began while a pan is active") }
            if edge != nil { edgeSwipes += 1 }
            isActive = true
            activeEdge = edge
            began += 1
        case .changed, .ended, .cancelled:
            guard isActive else {
                violations.append("\(p.phase) without began")
                return
            }
            if activeEdge != edge { violations.append("label changed mid-pan") }
            if p.phase != .changed {
                isActive = false
                finished += 1
            }
        }
    }
}

/// A random event stream: mostly plausible touches, with garbage mixed in.
private func randomStream(_ rng: inout SplitMix64) -> [(TouchEvent?, Double?)] {
    var events: [(TouchEvent?, Double?)] = []
    var time = Double.random(in: 0...1000, using: &rng)
    let count = Int.random(in: 1...60, using: &rng)
    func position() -> Point {
        switch Int.random(in: 0..<40, using: &rng) {
        case 0: Point(x: .nan, y: 10)
        case 1: Point(x: 10, y: -.infinity)
        case 2: Point(x: 1e300, y: -1e300)
        default:
            Point(
                x: Double.random(in: -20...820, using: &rng),
                y: Double.random(in: -20...500, using: &rng))
        }
    }
    for _ in 0..<count {
        switch Int.random(in: 0..<20, using: &rng) {
        case 0: time -= Double.random(in: 0...0.5, using: &rng)  // backwards
        case 1: break  // duplicate time
        case 2: time += Double.random(in: 0.3...1, using: &rng)  // pause (long presses)
        default: time += Double.random(in: 0...0.03, using: &rng)
        }
        let t: Double = Int.random(in: 0..<50, using: &rng) == 0 ? .nan : time
        let id = Int32.random(in: 0...3, using: &rng)
        let event: TouchEvent
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<15: event = .down(id: id, position: position(), time: t)
        case 15..<70: event = .motion(id: id, position: position(), time: t)
        case 70..<85: event = .up(id: id, time: t)
        case 85..<88: event = .cancel(time: t)
        case 88..<95: event = .frame(time: t)
        default:
            events.append((nil, time + Double.random(in: -0.1...0.6, using: &rng)))  // a timer tick
            continue
        }
        events.append((event, nil))
    }
    return events
}

@Suite("Gesture fuzzing")
struct GestureFuzzTests {
    @Test("10 000 random event streams never trap and every begun pan ends or cancels exactly once")
    func fuzz() {
        var rng = SplitMix64(seed: 0x6b69_6f73_6b)
        var plain = LifeCycleChecker()
        var routed: [Int: LifeCycleChecker] = [:]
        var totalRouted = 0
        let claimants: (Point) -> [GestureClaimant] = { p in
            [
                GestureClaimant(
                    id: 3, accepts: [.tap, .verticalPan],
                    region: Rect(x: 0, y: 0, width: 400, height: 480)),
                GestureClaimant(
                    id: 2, accepts: [.edgeSwipe(.left), .edgeSwipe(.top), .longPress],
                    region: Rect(x: 200, y: 0, width: 600, height: 480)),
                GestureClaimant(
                    id: 1, accepts: [.horizontalPan, .edgeSwipe(.right), .edgeSwipe(.bottom)])
            ].filter { _ in p.x > 0 || p.y > 0 }
        }
        for _ in 0..<10_000 {
            var recognizer = GestureRecognizer(screenSize: screen)
            var arbiter = GestureArbiter(recognizer: GestureRecognizer(screenSize: screen))
            for (event, tick) in randomStream(&rng) {
                let gestures: [Gesture]
                let routes: [RoutedGesture]
                if let event {
                    gestures = recognizer.handle(event)
                    routes = arbiter.handle(event, claimantsAt: claimants)
                } else {
                    let now = tick ?? 0
                    gestures = recognizer.update(now: now)
                    routes = arbiter.update(now: now)
                }
                // The arbiter wraps an identical recognizer: it must see the same gestures.
                if routes.count > gestures.count {
                    plain.violations.append("more routed than recognised")
                }
                gestures.forEach { plain.check($0) }
                for r in routes { routed[r.claimant, default: LifeCycleChecker()].check(r.gesture) }
                totalRouted += routes.count
            }
            // Close every stream: whatever is still active must end now, as cancelled.
            let closing = recognizer.handle(.cancel(time: 1e6))
            closing.forEach { plain.check($0) }
            for r in arbiter.handle(.cancel(time: 1e6), claimantsAt: claimants) {
                routed[r.claimant, default: LifeCycleChecker()].check(r.gesture)
            }
            #expect(recognizer.isPanning == false)
            #expect(plain.isActive == false)
        }
        #expect(plain.violations == [])
        #expect(plain.began == plain.finished)
        #expect(plain.began > 1000, "the fuzz should exercise many pans, got \(plain.began)")
        for (id, checker) in routed.sorted(by: { $0.key < $1.key }) {
            #expect(checker.violations == [], "claimant \(id)")
            #expect(checker.began == checker.finished, "claimant \(id)")
            #expect(checker.isActive == false, "claimant \(id)")
        }
        #expect(totalRouted > 1000)
        // Seed 0x6b696f736b gives 10 120 pans (1 607 from screen edges) and 9 885 taps, long presses
        // and flicks; routed: 1 143 edge swipes. The floors below keep the fuzz meaningful.
        #expect(plain.edgeSwipes > 500)
        #expect(plain.discrete > 1000)
        #expect(routed.values.map(\.edgeSwipes).reduce(0, +) > 500)
    }
}
