import KioskCore
import Testing

@Suite("Calibration session")
struct OrientationCalibrationSessionTests {
    static let window = Size(width: 800, height: 600)

    /// The touch a digitizer off by `x' = 0.9x + 30, y' = 0.95y + 20` (window pixels) reports for
    /// a finger on native pixel `p`.
    static func distorted(_ p: Point) -> Point { Point(x: 0.9 * p.x + 30, y: 0.95 * p.y + 20) }

    func tap(_ session: inout CalibrationSession, logical p: Point, id: Int32 = 0) {
        _ = session.handle(.down(id: id, position: p, time: 0))
        _ = session.handle(.up(id: id, time: 0))
    }

    @Test(
        "target points: corners inset 12.5 % clockwise from top-left, then centre and edge midpoints"
    )
    func targets() {
        let points = CalibrationSession.targetPoints(count: 5, in: Size(width: 800, height: 600))
        #expect(
            points == [
                Point(x: 100, y: 75), Point(x: 700, y: 75), Point(x: 700, y: 525),
                Point(x: 100, y: 525), Point(x: 400, y: 300)
            ])
        #expect(CalibrationSession.targetPoints(count: 2, in: Self.window).count == 4)
        #expect(CalibrationSession.targetPoints(count: 20, in: Self.window).count == 9)
    }

    @Test(
        "offset touches on a turned panel give the matrix that puts them back under the finger",
        arguments: DisplayTransform.allCases)
    func solvesDistortion(_ transform: DisplayTransform) throws {
        let mapper = TouchMapper(nativeSize: Self.window, displayTransform: transform)
        var session = CalibrationSession(mapper: mapper, points: 5)
        for target in session.targets {
            let native = transform.nativePoint(fromLogical: target, nativeSize: Self.window)
            // The compositor reports the distorted window point; the runner maps it uncalibrated.
            tap(&session, logical: session.mapper.logicalPoint(fromSurface: Self.distorted(native)))
        }
        guard case .check(let calibration) = session.phase else {
            Issue.record("no check phase: \(session.phase)")
            return
        }
        let m = calibration.matrix
        #expect(abs(m.a - 1 / 0.9) < 1e-9 && abs(m.c + 30.0 / 800 / 0.9) < 1e-9)
        #expect(abs(m.e - 1 / 0.95) < 1e-9 && abs(m.f + 20.0 / 600 / 0.95) < 1e-9)
        #expect(abs(m.b) < 1e-9 && abs(m.d) < 1e-9)
        // The check screen: a finger on Save, reported distorted, lands on Save.
        let save = session.buttonRects[1].center
        let reported = Self.distorted(
            transform.nativePoint(fromLogical: save, nativeSize: Self.window))
        tap(&session, logical: session.mapper.logicalPoint(fromSurface: reported))
        #expect(session.phase == .saved(calibration))
    }

    @Test("touches on one line start over with the reason; Again starts over too")
    func restart() {
        var session = CalibrationSession(mapper: TouchMapper(nativeSize: Self.window), points: 4)
        for _ in 0..<4 { tap(&session, logical: Point(x: 100, y: 100)) }
        #expect(session.phase == .target(index: 0))
        #expect(session.lastError == .degeneratePoints)
        for target in session.targets { tap(&session, logical: target) }
        #expect(session.phase == .check(.identity))
        tap(&session, logical: session.buttonRects[0].center)
        #expect(session.phase == .target(index: 0) && session.touched.isEmpty)
    }

    @Test("a second finger is ignored; the first finger's last position counts")
    func secondFinger() {
        var session = CalibrationSession(mapper: TouchMapper(nativeSize: Self.window), points: 4)
        _ = session.handle(.down(id: 1, position: Point(x: 90, y: 70), time: 0))
        _ = session.handle(.down(id: 2, position: Point(x: 500, y: 500), time: 0))
        _ = session.handle(.motion(id: 1, position: Point(x: 100, y: 75), time: 0))
        _ = session.handle(.up(id: 2, time: 0))
        #expect(session.touched.isEmpty)
        _ = session.handle(.up(id: 1, time: 0))
        #expect(session.touched == [Point(x: 0.125, y: 0.125)])
        #expect(session.phase == .target(index: 1))
    }
}
