import KioskCore
import Testing

private let screen = Size(width: 1024, height: 768)

@Suite("Pan velocity and flicks")
struct GestureVelocityTests {
    @Test("a linear 250 ms drag from x=700 to x=100 ends at −2400 px/s and is a flick")
    func linearDragVelocity() throws {
        var r = GestureRecognizer(screenSize: screen)
        // 60 Hz: 15 motions, 40 px apart.
        let out = feed(
            &r,
            linearDrag(
                from: Point(x: 700, y: 300), to: Point(x: 100, y: 300), duration: 0.25, steps: 15))
        let ended = try #require(panSteps(out).last)
        #expect(ended.phase == .ended)
        #expect(ended.translation == Point(x: -600, y: 0))
        // The samples lie exactly on a line, so the least-squares slope is exact up to rounding of
        // ~10 sums of values ≤ 700: 1e-6 px/s is far above that error and far below any real bug.
        #expect(abs(ended.velocity.x - -2400) < 1e-6)
        #expect(ended.velocity.y == 0)
        guard case .flick(let v, let axis, let t) = out.last else {
            Issue.record("expected a flick last, got \(String(describing: out.last))")
            return
        }
        #expect(v == ended.velocity)
        #expect(axis == .horizontal)
        #expect(t == 0.25)
    }

    @Test("whole-pixel samples at 125 Hz give −2400 px/s within the 14.4 px/s rounding bound")
    func roundedSamples() throws {
        var r = GestureRecognizer(screenSize: screen)
        var events: [TouchEvent] = [.down(id: 1, position: Point(x: 700, y: 300), time: 0)]
        for k in 1...31 {
            let t = 0.008 * Double(k)
            events.append(
                .motion(id: 1, position: Point(x: (700 - 2400 * t).rounded(), y: 300), time: t))
        }
        events.append(.up(id: 1, time: 0.008 * 31))
        let ended = try #require(panSteps(feed(&r, events)).last)
        // The 0.1 s window holds 13 samples 8 ms apart (offsets k·8 ms, k = −6…6). Rounding moves each
        // by at most 0.5 px, so the fitted slope moves by at most
        // 0.5·Σ|k|·8ms / (Σk²·(8ms)²) = 0.5·0.336 / 0.011648 ≈ 14.42 px/s.
        #expect(abs(ended.velocity.x - -2400) <= 14.43)
    }

    @Test("duplicate and backward timestamps do not disturb the velocity (latest position wins)")
    func duplicateTimestamps() throws {
        var r = GestureRecognizer(screenSize: screen)
        var events: [TouchEvent] = [.down(id: 1, position: Point(x: 700, y: 300), time: 0)]
        for k in 1...15 {
            let t = Double(k) / 60
            let x = 700 - 40 * Double(k)
            // A stale report at the same time, then one stamped in the past, then the true one.
            events.append(.motion(id: 1, position: Point(x: x + 13, y: 300), time: t))
            events.append(.motion(id: 1, position: Point(x: x + 7, y: 300), time: t - 0.005))
            events.append(.motion(id: 1, position: Point(x: x, y: 300), time: t))
        }
        events.append(.up(id: 1, time: 0.25))
        let ended = try #require(panSteps(feed(&r, events)).last)
        #expect(abs(ended.velocity.x - -2400) < 1e-6)
    }

    @Test(
        "a finger that rests for longer than the window before lifting ends with zero velocity and no flick"
    )
    func restBeforeLift() throws {
        var r = GestureRecognizer(screenSize: screen)
        var events = linearDrag(
            from: Point(x: 700, y: 300), to: Point(x: 100, y: 300), duration: 0.25, steps: 15,
            lift: false)
        events.append(.up(id: 1, time: 0.36))
        let out = feed(&r, events)
        let ended = try #require(panSteps(out).last)
        #expect(ended.phase == .ended)
        #expect(ended.velocity == .zero)
        #expect(out.last == .pan(ended))
    }

    @Test("a release slower than 500 px/s is not a flick; 500 px/s is")
    func flickThreshold() {
        var r = GestureRecognizer(screenSize: screen)
        // 400 px/s: 100 px in 0.25 s.
        let slow = feed(
            &r,
            linearDrag(
                from: Point(x: 400, y: 300), to: Point(x: 500, y: 300), duration: 0.25, steps: 10))
        #expect(slow.contains { if case .flick = $0 { true } else { false } } == false)
        // 600 px/s vertical, axis velocity counts.
        let fast = feed(
            &r,
            linearDrag(
                from: Point(x: 400, y: 100), to: Point(x: 400, y: 250), start: 1, duration: 0.25,
                steps: 10))
        guard case .flick(let v, let axis, _) = fast.last else {
            Issue.record("expected a flick, got \(fast)")
            return
        }
        #expect(axis == .vertical)
        #expect(abs(v.y - 600) < 1e-6)
    }

    @Test("the estimator fits only the window and merges equal times")
    func estimatorWindow() {
        var e = VelocityEstimator(window: 0.1)
        e.add(Point(x: 0, y: 0), time: 10)
        e.add(Point(x: 1000, y: 0), time: 10.05)  // falls out of the window below
        e.add(Point(x: 0, y: 0), time: 10.2)
        e.add(Point(x: 10, y: 20), time: 10.25)
        e.add(Point(x: 20, y: 40), time: 10.3)
        e.add(Point(x: 30, y: 60), time: 10.3)  // same time: replaces (20, 40)
        #expect(e.sampleCount == 3)
        let v = e.velocity(at: 10.3)
        // Fit through (−0.1, 0), (−0.05, 10), (0, 30): slope = Σdt·dx/Σdt² = 1.5/0.005 = 300 px/s.
        #expect(abs(v.x - 300) < 1e-9)
        #expect(abs(v.y - 600) < 1e-9)
        #expect(e.velocity(at: 10.45) == .zero)
        #expect(e.velocity(at: .nan) == .zero)
    }
}
