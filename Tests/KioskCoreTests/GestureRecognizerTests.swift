import Testing

@testable import KioskCore

private let screen = Size(width: 1024, height: 768)

@Suite("GestureRecognizer: taps, long presses, pans")
struct GestureRecognizerTests {
    @Test("a tap reports the touch-down position and the up time")
    func tapPosition() {
        var r = GestureRecognizer(screenSize: screen)
        let out = feed(
            &r,
            [
                .down(id: 7, position: Point(x: 412, y: 300), time: 1.0),
                .motion(id: 7, position: Point(x: 415, y: 304), time: 1.05),
                .up(id: 7, time: 1.12)
            ])
        #expect(out == [.tap(position: Point(x: 412, y: 300), time: 1.12)])
    }

    @Test("a finger held 0.3 s or longer is not a tap; 0.299 s is")
    func tapDuration() {
        var r = GestureRecognizer(screenSize: screen)
        let p = Point(x: 50, y: 60)
        #expect(feed(&r, [.down(id: 1, position: p, time: 0), .up(id: 1, time: 0.3)]) == [])
        #expect(
            feed(&r, [.down(id: 1, position: p, time: 1), .up(id: 1, time: 1.299)])
                == [.tap(position: p, time: 1.299)])
    }

    @Test(
        "moving exactly the slop (10 px) still taps; past it there is no tap even after returning")
    func tapSlop() {
        var r = GestureRecognizer(screenSize: screen)
        let p = Point(x: 100, y: 100)
        // (6, 8) is exactly 10 px away.
        #expect(
            feed(
                &r,
                [
                    .down(id: 1, position: p, time: 0),
                    .motion(id: 1, position: Point(x: 106, y: 108), time: 0.05),
                    .up(id: 1, time: 0.1)
                ]) == [.tap(position: p, time: 0.1)])
        // (8, 8) is 11.3 px away and diagonal: undecided, so no pan, and no tap either.
        #expect(
            feed(
                &r,
                [
                    .down(id: 1, position: p, time: 1),
                    .motion(id: 1, position: Point(x: 108, y: 108), time: 1.05),
                    .motion(id: 1, position: p, time: 1.1), .up(id: 1, time: 1.15)
                ]) == [])
    }

    @Test(
        "a pan begins when the finger leaves the slop, with translation from the touch-down point")
    func panBegins() throws {
        var r = GestureRecognizer(screenSize: screen)
        let start = Point(x: 300, y: 300)
        let out = feed(
            &r,
            [
                .down(id: 1, position: start, time: 0),
                .motion(id: 1, position: Point(x: 305, y: 300), time: 0.01),
                .motion(id: 1, position: Point(x: 312, y: 302), time: 0.02),
                .motion(id: 1, position: Point(x: 340, y: 290), time: 0.03),
                .up(id: 1, time: 0.04)
            ])
        let steps = panSteps(out)
        #expect(steps.map(\.phase) == [.began, .changed, .ended])
        #expect(steps.map(\.axis) == [.horizontal, .horizontal, .horizontal])
        #expect(
            steps.map(\.translation) == [
                Point(x: 12, y: 2), Point(x: 40, y: -10), Point(x: 40, y: -10)
            ])
        #expect(steps.map(\.time) == [0.02, 0.03, 0.04])
        #expect(try #require(steps.first).startPosition == start)
    }

    @Test(
        "the axis locks at |dx| > 1.2·|dy|, waits on diagonals, and decides at 20 px by the larger component"
    )
    func axisRule() {
        var r = GestureRecognizer(screenSize: screen)
        #expect(r.decideAxis(Point(x: 12, y: 9.9)) == .horizontal)
        #expect(r.decideAxis(Point(x: 12, y: 10)) == nil)
        #expect(r.decideAxis(Point(x: -3, y: 11)) == .vertical)
        #expect(r.decideAxis(Point(x: 19, y: 18)) == nil)
        #expect(r.decideAxis(Point(x: 20, y: 19)) == .horizontal)
        #expect(r.decideAxis(Point(x: 19, y: -20)) == .vertical)
        #expect(r.decideAxis(Point(x: 20, y: 20)) == .horizontal)
        let out = feed(
            &r,
            [
                .down(id: 1, position: Point(x: 500, y: 500), time: 0),
                .motion(id: 1, position: Point(x: 508, y: 508), time: 0.01),
                .motion(id: 1, position: Point(x: 515, y: 486), time: 0.02),
                .motion(id: 1, position: Point(x: 519, y: 479), time: 0.03)
            ])
        #expect(panSteps(out).map(\.phase) == [.began])
        #expect(panSteps(out).map(\.axis) == [.vertical])
        #expect(panSteps(out).map(\.translation) == [Point(x: 19, y: -21)])
    }

    @Test(
        "a long press fires at exactly 0.5 s under the manual clock, once, and suppresses the tap")
    func longPressFires() {
        var r = GestureRecognizer(screenSize: screen)
        let p = Point(x: 640, y: 200)
        #expect(r.handle(.down(id: 3, position: p, time: 2.0)) == [])
        #expect(r.nextDeadline == 2.5)
        #expect(r.update(now: 2.49) == [])
        #expect(r.handle(.motion(id: 3, position: Point(x: 644, y: 203), time: 2.3)) == [])
        #expect(r.update(now: 2.5) == [.longPress(position: p, time: 2.5)])
        #expect(r.nextDeadline == nil)
        #expect(r.update(now: 2.6) == [])
        // Spent: dragging afterwards is not a pan, lifting is not a tap.
        #expect(r.handle(.motion(id: 3, position: Point(x: 800, y: 200), time: 2.7)) == [])
        #expect(r.handle(.up(id: 3, time: 2.8)) == [])
    }

    @Test("a long press due before a later event fires first, stamped at its deadline")
    func longPressFromEventTime() {
        var r = GestureRecognizer(screenSize: screen)
        let p = Point(x: 10, y: 700)
        let out = feed(
            &r,
            [
                .down(id: 1, position: p, time: 0),
                .motion(id: 1, position: Point(x: 11, y: 700), time: 0.7)
            ])
        #expect(out == [.longPress(position: p, time: 0.5)])
    }

    @Test("no long press once the finger moved past the slop")
    func longPressCancelledByMotion() {
        var r = GestureRecognizer(screenSize: screen)
        _ = feed(
            &r,
            [
                .down(id: 1, position: Point(x: 400, y: 400), time: 0),
                .motion(id: 1, position: Point(x: 411, y: 400), time: 0.2)
            ])
        #expect(r.nextDeadline == nil)
        #expect(r.update(now: 0.6) == [])
        #expect(r.update(now: 5) == [])
        #expect(r.isPanning)
    }

    @Test("an edge swipe starts 10 px from the left edge; 200 px in is a plain pan")
    func edgeSwipeLeft() {
        var r = GestureRecognizer(screenSize: screen)
        let fromEdge = feed(
            &r,
            linearDrag(
                from: Point(x: 10, y: 400), to: Point(x: 310, y: 400), duration: 0.2, steps: 10))
        guard case .edgeSwipe(let edge, let pan) = fromEdge.first else {
            Issue.record("expected an edge swipe, got \(fromEdge)")
            return
        }
        #expect(edge == .left)
        #expect(pan.phase == .began)
        #expect(pan.translation == Point(x: 30, y: 0))
        let inside = feed(
            &r,
            linearDrag(
                from: Point(x: 200, y: 400), to: Point(x: 500, y: 400), start: 1, duration: 0.2,
                steps: 10))
        guard case .pan(let plain) = inside.first else {
            Issue.record("expected a pan, got \(inside)")
            return
        }
        #expect(plain.startPosition == Point(x: 200, y: 400))
    }

    @Test("edge swipes need the axis across the edge and motion away from it")
    func edgeSwipeDirection() {
        var r = GestureRecognizer(screenSize: screen)
        let right = feed(
            &r,
            linearDrag(
                from: Point(x: 1014, y: 300), to: Point(x: 800, y: 300), duration: 0.2, steps: 4))
        #expect(
            right.first.map { if case .edgeSwipe(.right, _) = $0 { true } else { false } } == true)
        let bottom = feed(
            &r,
            linearDrag(
                from: Point(x: 500, y: 760), to: Point(x: 500, y: 500), start: 1, duration: 0.2,
                steps: 4))
        #expect(
            bottom.first.map { if case .edgeSwipe(.bottom, _) = $0 { true } else { false } } == true
        )
        // Near the left edge but moving vertically: a plain vertical pan.
        let vertical = feed(
            &r,
            linearDrag(
                from: Point(x: 10, y: 300), to: Point(x: 10, y: 600), start: 2, duration: 0.2,
                steps: 4))
        #expect(
            vertical.first.map { if case .pan(let p) = $0 { p.axis == .vertical } else { false } }
                == true)
        // Near the right edge moving right (toward the edge): a plain pan.
        let outward = feed(
            &r,
            linearDrag(
                from: Point(x: 1000, y: 300), to: Point(x: 1023, y: 300), start: 3, duration: 0.1,
                steps: 2))
        #expect(outward.first.map { if case .pan = $0 { true } else { false } } == true)
    }
}
