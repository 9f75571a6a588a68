import KioskCore
import Testing

private let screen = Size(width: 1024, height: 768)

/// Feeds events through an arbiter with a fixed hit test, counting hit-test calls.
private func run(
    _ arbiter: inout GestureArbiter, _ events: [TouchEvent], hitTest: (Point) -> [GestureClaimant]
) -> (routed: [RoutedGesture], hitTests: Int) {
    var calls = 0
    var out: [RoutedGesture] = []
    for e in events {
        out += arbiter.handle(e) { p in
            calls += 1
            return hitTest(p)
        }
    }
    return (out, calls)
}

private func claimantsAndKinds(_ routed: [RoutedGesture]) -> [String] {
    routed.map { r in
        switch r.gesture {
        case .tap: "\(r.claimant) tap"
        case .longPress: "\(r.claimant) longPress"
        case .flick: "\(r.claimant) flick"
        case .pan(let p): "\(r.claimant) pan \(p.axis == .horizontal ? "h" : "v") \(p.phase)"
        case .edgeSwipe(let e, let p): "\(r.claimant) edge \(e) \(p.phase)"
        }
    }
}

@Suite("GestureArbiter: routing between nested containers")
struct GestureArbiterTests {
    // Scenario (a): a cube (id 1) whose face holds a vertically scrolling list (id 2) of rows (id 3).
    static let cube = GestureClaimant(id: 1, accepts: [.horizontalPan])
    static let list = GestureClaimant(
        id: 2, accepts: [.verticalPan], region: Rect(x: 0, y: 100, width: 1024, height: 668))
    static let row = GestureClaimant(
        id: 3, accepts: [.tap, .longPress], region: Rect(x: 0, y: 300, width: 1024, height: 80))
    static func cubeWithList(_ p: Point) -> [GestureClaimant] { [row, list, cube] }

    @Test("scenario a: a horizontal drag on the list turns the cube")
    func horizontalDragGoesToCube() {
        var a = GestureArbiter(recognizer: GestureRecognizer(screenSize: screen))
        let drag = linearDrag(
            from: Point(x: 700, y: 340), to: Point(x: 100, y: 360), duration: 0.25, steps: 15)
        let (routed, calls) = run(&a, drag, hitTest: Self.cubeWithList)
        #expect(calls == 1)
        #expect(
            claimantsAndKinds(routed) == ["1 pan h began"]
                + Array(repeating: "1 pan h changed", count: 14) + ["1 pan h ended", "1 flick"])
    }

    @Test("scenario a: a vertical drag scrolls the list")
    func verticalDragGoesToList() {
        var a = GestureArbiter(recognizer: GestureRecognizer(screenSize: screen))
        let drag = linearDrag(
            from: Point(x: 500, y: 340), to: Point(x: 510, y: 140), duration: 0.2, steps: 4)
        let (routed, _) = run(&a, drag, hitTest: Self.cubeWithList)
        #expect(
            claimantsAndKinds(routed) == [
                "2 pan v began", "2 pan v changed", "2 pan v changed", "2 pan v changed",
                "2 pan v ended", "2 flick"
            ])
        #expect(routed.last?.gesture.time == 0.2)
    }

    @Test("scenario a: a tap selects the row; a long press goes to the row too")
    func tapGoesToRow() {
        var a = GestureArbiter(recognizer: GestureRecognizer(screenSize: screen))
        let p = Point(x: 200, y: 330)
        var (routed, _) = run(
            &a, [.down(id: 1, position: p, time: 0), .up(id: 1, time: 0.1)],
            hitTest: Self.cubeWithList)
        #expect(routed == [RoutedGesture(claimant: 3, gesture: .tap(position: p, time: 0.1))])
        (routed, _) = run(&a, [.down(id: 1, position: p, time: 1)], hitTest: Self.cubeWithList)
        #expect(routed == [])
        #expect(a.nextDeadline == 1.5)
        #expect(
            a.update(now: 1.5) == [
                RoutedGesture(claimant: 3, gesture: .longPress(position: p, time: 1.5))
            ])
    }

    @Test("a screen-edge swipe nobody claims as an edge swipe reaches the cube as a plain pan")
    func unclaimedEdgeSwipeIsPan() {
        var a = GestureArbiter(recognizer: GestureRecognizer(screenSize: screen))
        let drag = linearDrag(
            from: Point(x: 5, y: 340), to: Point(x: 300, y: 340), duration: 0.3, steps: 3)
        let (routed, _) = run(&a, drag, hitTest: Self.cubeWithList)
        #expect(
            claimantsAndKinds(routed) == [
                "1 pan h began", "1 pan h changed", "1 pan h changed", "1 pan h ended", "1 flick"
            ])
    }

    // Scenario (b): a drill-down inside a cube face. Left column 0..<320 with its back swipe on its
    // left edge (id 20) and a list (id 21); right column 320..<1024 with a back swipe on its left
    // edge (id 30, a region edge, not a screen edge) and a list (id 31) holding a horizontal
    // carousel (id 32) near the column edge.
    static let leftColumn = Rect(x: 0, y: 0, width: 320, height: 768)
    static let rightColumn = Rect(x: 320, y: 0, width: 704, height: 768)
    static func drillDown(_ p: Point) -> [GestureClaimant] {
        let carousel = GestureClaimant(
            id: 32, accepts: [.horizontalPan, .tap],
            region: Rect(x: 320, y: 500, width: 704, height: 200))
        return [
            carousel,
            GestureClaimant(id: 21, accepts: [.verticalPan, .tap], region: leftColumn),
            GestureClaimant(id: 20, accepts: [.edgeSwipe(.left)], region: leftColumn),
            GestureClaimant(id: 31, accepts: [.verticalPan, .tap], region: rightColumn),
            GestureClaimant(id: 30, accepts: [.edgeSwipe(.left)], region: rightColumn),
            cube
        ]
    }

    @Test("scenario b: a swipe from the left column's edge goes to the drill-down's back swipe")
    func leftColumnEdgeSwipe() {
        var a = GestureArbiter(recognizer: GestureRecognizer(screenSize: screen))
        let drag = linearDrag(
            from: Point(x: 8, y: 200), to: Point(x: 208, y: 210), duration: 0.2, steps: 2)
        let (routed, _) = run(&a, drag, hitTest: Self.drillDown)
        #expect(
            claimantsAndKinds(routed) == [
                "20 edge left began", "20 edge left changed", "20 edge left ended", "20 flick"
            ])
    }

    @Test(
        "scenario b: a swipe from the right column's left edge (mid-screen) goes to that column's back swipe"
    )
    func regionEdgeSwipe() throws {
        var a = GestureArbiter(recognizer: GestureRecognizer(screenSize: screen))
        let drag = linearDrag(
            from: Point(x: 340, y: 200), to: Point(x: 640, y: 200), duration: 0.5, steps: 5)
        let (routed, _) = run(&a, drag, hitTest: Self.drillDown)
        #expect(
            claimantsAndKinds(routed) == ["30 edge left began"]
                + Array(repeating: "30 edge left changed", count: 4) + [
                    "30 edge left ended", "30 flick"
                ])
        let first = try #require(routed.first?.gesture.panGesture)
        #expect(first.translation == Point(x: 60, y: 0))
    }

    @Test("scenario b: an edge swipe beats an inner claimant's plain horizontal pan")
    func edgeBeatsInnerPan() {
        var a = GestureArbiter(recognizer: GestureRecognizer(screenSize: screen))
        let drag = linearDrag(
            from: Point(x: 330, y: 600), to: Point(x: 630, y: 600), duration: 0.5, steps: 5)
        let (routed, _) = run(&a, drag, hitTest: Self.drillDown)
        #expect(routed.first?.claimant == 30)
    }

    @Test(
        "scenario b: a horizontal pan elsewhere turns the cube, also one leaving the edge the wrong way"
    )
    func panElsewhereTurnsCube() {
        var a = GestureArbiter(recognizer: GestureRecognizer(screenSize: screen))
        var (routed, _) = run(
            &a,
            linearDrag(
                from: Point(x: 700, y: 200), to: Point(x: 400, y: 200), duration: 0.5, steps: 5),
            hitTest: Self.drillDown)
        #expect(Set(routed.map(\.claimant)) == [1])
        #expect(claimantsAndKinds(routed).first == "1 pan h began")
        // 25 px inside the right column: outside the 24 px edge zone.
        (routed, _) = run(
            &a,
            linearDrag(
                from: Point(x: 345, y: 200), to: Point(x: 645, y: 200), start: 1, duration: 0.5,
                steps: 5), hitTest: Self.drillDown)
        #expect(claimantsAndKinds(routed).first == "1 pan h began")
        // From the edge zone but moving left, toward the edge: not a back swipe.
        (routed, _) = run(
            &a,
            linearDrag(
                from: Point(x: 330, y: 200), to: Point(x: 30, y: 200), start: 2, duration: 0.5,
                steps: 5), hitTest: Self.drillDown)
        #expect(claimantsAndKinds(routed).first == "1 pan h began")
        // Inside the carousel: its horizontal pan is innermost.
        (routed, _) = run(
            &a,
            linearDrag(
                from: Point(x: 700, y: 600), to: Point(x: 400, y: 600), start: 3, duration: 0.5,
                steps: 5), hitTest: Self.drillDown)
        #expect(claimantsAndKinds(routed).first == "32 pan h began")
        // Vertical in the left column: its list.
        (routed, _) = run(
            &a,
            linearDrag(
                from: Point(x: 100, y: 600), to: Point(x: 100, y: 300), start: 4, duration: 0.5,
                steps: 5), hitTest: Self.drillDown)
        #expect(claimantsAndKinds(routed).first == "21 pan v began")
    }

    @Test(
        "the route is fixed at began: a cancel reaches the same claimant and a gesture nobody takes is dropped whole"
    )
    func routeFixedAndDropped() {
        var a = GestureArbiter(recognizer: GestureRecognizer(screenSize: screen))
        var events = linearDrag(
            from: Point(x: 8, y: 200), to: Point(x: 208, y: 210), duration: 0.2, steps: 2,
            lift: false)
        events.append(.cancel(time: 0.3))
        var (routed, _) = run(&a, events, hitTest: Self.drillDown)
        #expect(
            claimantsAndKinds(routed) == [
                "20 edge left began", "20 edge left changed", "20 edge left cancelled"
            ])
        (routed, _) = run(
            &a,
            linearDrag(
                from: Point(x: 500, y: 400), to: Point(x: 500, y: 100), start: 1, duration: 0.2,
                steps: 3), hitTest: { _ in [Self.cube] })
        #expect(routed == [])
    }

    @Test(
        "the pure route function prefers edges, then the innermost axis claimant, and skips nothing else"
    )
    func pureRoute() {
        let pan = PanGesture(
            phase: .began, axis: .horizontal, startPosition: Point(x: 1010, y: 50),
            position: Point(x: 990, y: 50), velocity: .zero, time: 0)
        let claimants = [
            GestureClaimant(id: 1, accepts: [.horizontalPan]),
            GestureClaimant(id: 2, accepts: [.edgeSwipe(.right), .edgeSwipe(.top)])
        ]
        let full = Rect(size: screen)
        #expect(
            GestureArbiter.route(began: pan, claimants: claimants, screen: full, edgeWidth: 24)
                == GestureArbiter.PanRoute(claimant: 2, edge: .right))
        #expect(
            GestureArbiter.route(began: pan, claimants: claimants, screen: full, edgeWidth: 10)
                == GestureArbiter.PanRoute(claimant: 1, edge: nil))
        #expect(GestureArbiter.route(began: pan, claimants: [], screen: full, edgeWidth: 24) == nil)
    }
}
