import KioskCore
import Testing

private let screen = Size(width: 1024, height: 768)

@Suite("Multi-touch, cancel and odd input")
struct GestureMultiTouchTests {
    private let owner: [TouchEvent] = [
        .down(id: 1, position: Point(x: 500, y: 400), time: 0),
        .motion(id: 1, position: Point(x: 530, y: 400), time: 0.02),
        .motion(id: 1, position: Point(x: 560, y: 401), time: 0.05),
        .motion(id: 1, position: Point(x: 600, y: 402), time: 0.08),
        .up(id: 1, time: 0.1)
    ]

    @Test("a second finger during a pan changes nothing: same steps, same translations")
    func secondFingerIgnored() {
        var alone = GestureRecognizer(screenSize: screen)
        let expected = feed(&alone, owner)
        var events = owner
        events.insert(.down(id: 2, position: Point(x: 200, y: 200), time: 0.03), at: 2)
        events.insert(.motion(id: 2, position: Point(x: 100, y: 100), time: 0.04), at: 3)
        events.insert(.frame(time: 0.04), at: 4)
        events.insert(.motion(id: 2, position: Point(x: 50, y: 90), time: 0.06), at: 6)
        events.insert(.up(id: 2, time: 0.07), at: 7)
        var r = GestureRecognizer(screenSize: screen)
        let out = feed(&r, events)
        #expect(out == expected)
        #expect(
            panSteps(out).map(\.translation) == [
                Point(x: 30, y: 0), Point(x: 60, y: 1), Point(x: 100, y: 2), Point(x: 100, y: 2)
            ])
    }

    @Test(
        "the first finger lifting ends the pan while the second stays down; the second stays ignored"
    )
    func ownerLiftsFirst() {
        var r = GestureRecognizer(screenSize: screen)
        var events = owner
        events.insert(.down(id: 2, position: Point(x: 200, y: 200), time: 0.03), at: 2)
        var out = feed(&r, events)
        #expect(panSteps(out).map(\.phase) == [.began, .changed, .changed, .ended])
        #expect(r.ownerID == nil)
        #expect(r.isPanning == false)
        out = feed(
            &r,
            [
                .motion(id: 2, position: Point(x: 400, y: 200), time: 0.2),
                .motion(id: 2, position: Point(x: 600, y: 200), time: 0.3),
                .up(id: 2, time: 0.4)
            ])
        #expect(out == [])
        // The next finger to touch down owns a new gesture.
        out = feed(&r, [.down(id: 3, position: Point(x: 9, y: 9), time: 1), .up(id: 3, time: 1.1)])
        #expect(out == [.tap(position: Point(x: 9, y: 9), time: 1.1)])
    }

    @Test("cancel ends an active pan as cancelled, never ended, and the later up does nothing")
    func cancelPan() throws {
        var r = GestureRecognizer(screenSize: screen)
        let out = feed(&r, Array(owner.prefix(3)) + [.cancel(time: 0.06), .up(id: 1, time: 0.07)])
        let steps = panSteps(out)
        #expect(steps.map(\.phase) == [.began, .changed, .cancelled])
        let cancelled = try #require(steps.last)
        #expect(cancelled.translation == Point(x: 60, y: 1))
        #expect(cancelled.time == 0.06)
        #expect(out.contains { if case .flick = $0 { true } else { false } } == false)
    }

    @Test("cancel drops a pending tap and a pending long press")
    func cancelTap() {
        var r = GestureRecognizer(screenSize: screen)
        let p = Point(x: 20, y: 20)
        #expect(
            feed(
                &r, [.down(id: 1, position: p, time: 0), .cancel(time: 0.1), .up(id: 1, time: 0.15)]
            ) == [])
        #expect(r.nextDeadline == nil)
        #expect(r.update(now: 1) == [])
    }

    @Test("up without down, motion for unknown ids and motion after up are ignored")
    func strayEvents() {
        var r = GestureRecognizer(screenSize: screen)
        let out = feed(
            &r,
            [
                .up(id: 4, time: 0),
                .motion(id: 5, position: Point(x: 1, y: 1), time: 0.1),
                .down(id: 1, position: Point(x: 100, y: 100), time: 0.2),
                .up(id: 1, time: 0.25),
                .motion(id: 1, position: Point(x: 300, y: 100), time: 0.3),
                .up(id: 1, time: 0.35)
            ])
        #expect(out == [.tap(position: Point(x: 100, y: 100), time: 0.25)])
    }

    @Test("non-finite or absurd positions drop the event; non-finite times become the latest time")
    func garbageValues() {
        var r = GestureRecognizer(screenSize: screen)
        var out = feed(
            &r,
            [
                .down(id: 1, position: Point(x: .nan, y: 10), time: 0),
                .motion(id: 1, position: Point(x: 50, y: 10), time: 0.01)
            ])
        #expect(out == [])
        #expect(r.ownerID == nil)
        out = feed(
            &r,
            [
                .down(id: 2, position: Point(x: 100, y: 100), time: 1),
                .motion(id: 2, position: Point(x: .infinity, y: 100), time: 1.01),
                .motion(id: 2, position: Point(x: 2e6, y: 100), time: 1.02),
                .up(id: 2, time: .nan)
            ])
        // Both motions dropped and the NaN up is stamped 1.0 (the latest time seen): a tap.
        #expect(out == [.tap(position: Point(x: 100, y: 100), time: 1)])
        #expect(r.update(now: .infinity) == [])
    }

    @Test("timestamps going backwards are clamped to the latest time seen")
    func backwardTime() {
        var r = GestureRecognizer(screenSize: screen)
        let out = feed(
            &r,
            [
                .down(id: 1, position: Point(x: 100, y: 100), time: 5),
                .up(id: 1, time: 4)
            ])
        #expect(out == [.tap(position: Point(x: 100, y: 100), time: 5)])
    }

    @Test("a repeated down for the owner's id cancels its pan and starts a fresh gesture")
    func duplicateDown() {
        var r = GestureRecognizer(screenSize: screen)
        let generation = r.ownerGeneration
        var out = feed(&r, Array(owner.prefix(3)))
        #expect(r.ownerGeneration == generation + 1)
        out = r.handle(.down(id: 1, position: Point(x: 10, y: 600), time: 0.1))
        #expect(panSteps(out).map(\.phase) == [.cancelled])
        #expect(r.ownerGeneration == generation + 2)
        #expect(r.ownerStartPosition == Point(x: 10, y: 600))
        #expect(
            r.handle(.up(id: 1, time: 0.2)) == [.tap(position: Point(x: 10, y: 600), time: 0.2)])
    }
}
