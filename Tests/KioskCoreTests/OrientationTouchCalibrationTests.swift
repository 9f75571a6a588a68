import KioskCore
import Testing

@Suite("Touch calibration matrix")
struct OrientationTouchCalibrationTests {
    @Test("parses the udev property string with any whitespace between values")
    func parses() throws {
        let c = try TouchCalibration(parsing: "0 1 0 -1 0 1")
        #expect(c.matrix == Affine2D(a: 0, b: 1, c: 0, d: -1, e: 0, f: 1))
        let spaced = try TouchCalibration(parsing: "  1.5\t0   -0.25\n0 2 0.125 ")
        #expect(spaced.matrix.values == [1.5, 0, -0.25, 0, 2, 0.125])
        #expect(try TouchCalibration(parsing: spaced.udevPropertyValue) == spaced)
        #expect(spaced.udevPropertyValue == "1.5 0.0 -0.25 0.0 2.0 0.125")
    }

    @Test("the default is the identity and changes nothing")
    func identityDefault() {
        #expect(InputGeometrySettings().calibration == .identity)
        #expect(TouchCalibration.identity.isIdentity)
        #expect(TouchCalibration.identity.apply(Point(x: 0.3, y: 0.7)) == Point(x: 0.3, y: 0.7))
    }

    @Test(
        "malformed strings give typed errors, never a crash",
        arguments: [
            ("", TouchCalibrationError.wrongValueCount(0)),
            ("1 0 0 0 1", .wrongValueCount(5)),
            ("1 0 0 0 1 0 0", .wrongValueCount(7)),
            ("1,0,0,0,1,0", .wrongValueCount(1)),
            ("1 0 0 0 1 x", .notANumber("x")),
            ("1 0 0 0 1.0.0 0", .notANumber("1.0.0")),
            ("nan 0 0 0 1 0", .notFinite),
            ("1 0 inf 0 1 0", .notFinite),
            ("0 0 0 0 0 0", .singular),
            ("1 2 0 2 4 0", .singular)
        ])
    func rejects(text: String, error: TouchCalibrationError) {
        #expect(throws: error) { try TouchCalibration(parsing: text) }
    }

    @Test("every error message is a single line")
    func oneLineMessages() {
        let errors: [TouchCalibrationError] = [
            .wrongValueCount(3), .notANumber("q"), .notFinite, .singular, .tooFewPoints(2),
            .degeneratePoints
        ]
        for e in errors { #expect(!e.description.contains("\n") && !e.description.isEmpty) }
    }

    @Test("the solver recovers a swapped, scaled and shifted digitizer exactly from five touches")
    func solverExact() throws {
        // The digitizer reports (y, x) squeezed into 0.05...0.95: raw = (0.05 + 0.9·ty, 0.05 + 0.9·tx).
        let targets = [
            Point(x: 0.1, y: 0.1), Point(x: 0.9, y: 0.1), Point(x: 0.1, y: 0.9),
            Point(x: 0.9, y: 0.9), Point(x: 0.5, y: 0.5)
        ]
        let pairs = targets.map { t in
            CalibrationPair(target: t, touched: Point(x: 0.05 + 0.9 * t.y, y: 0.05 + 0.9 * t.x))
        }
        let c = try TouchCalibration.solve(pairs)
        // Inverse of raw: tx = (ry - 0.05) / 0.9, ty = (rx - 0.05) / 0.9.
        let expected = Affine2D(a: 0, b: 1 / 0.9, c: -0.05 / 0.9, d: 1 / 0.9, e: 0, f: -0.05 / 0.9)
        #expect(c.matrix.isClose(to: expected, tolerance: 1e-12))
        #expect(c.rootMeanSquareError(for: pairs) < 1e-12)
    }

    @Test(
        "noise the affine map cannot explain is left as residual: the fit is the true map, RMS 0.01"
    )
    func solverLeastSquares() throws {
        // Residuals (+e, -e, -e, +e) at the corners are orthogonal to 1, x and y, so least squares
        // returns the exact underlying map (here x' = 1 - y, y' = x) and an RMS error of e.
        let e = 0.01
        let touched = [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 0, y: 1), Point(x: 1, y: 1)]
        let signs = [1.0, -1, -1, 1]
        let pairs = zip(touched, signs).map { p, s in
            CalibrationPair(target: Point(x: 1 - p.y + s * e, y: p.x), touched: p)
        }
        let c = try TouchCalibration.solve(pairs)
        #expect(
            c.matrix.isClose(to: Affine2D(a: 0, b: -1, c: 1, d: 1, e: 0, f: 0), tolerance: 1e-12))
        #expect(abs(c.rootMeanSquareError(for: pairs) - e) < 1e-12)
    }

    @Test("fewer than four pairs are refused with the count")
    func tooFew() {
        let pairs = [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 0, y: 1)].map {
            CalibrationPair(target: $0, touched: $0)
        }
        #expect(throws: TouchCalibrationError.tooFewPoints(3)) { try TouchCalibration.solve(pairs) }
        #expect(throws: TouchCalibrationError.tooFewPoints(0)) { try TouchCalibration.solve([]) }
    }

    @Test("touches on one line, or all on one spot, are reported as degenerate")
    func degenerate() {
        let diagonal = [0.1, 0.3, 0.6, 0.9].map {
            CalibrationPair(target: Point(x: $0, y: 1 - $0), touched: Point(x: $0, y: $0))
        }
        #expect(throws: TouchCalibrationError.degeneratePoints) {
            try TouchCalibration.solve(diagonal)
        }
        let nearlyLine = [0.1, 0.3, 0.6, 0.9].enumerated().map { i, v in
            CalibrationPair(
                target: Point(x: v, y: Double(i)),
                touched: Point(x: v, y: 0.5 + (i == 2 ? 1e-7 : 0)))
        }
        #expect(throws: TouchCalibrationError.degeneratePoints) {
            try TouchCalibration.solve(nearlyLine)
        }
        let spot = (0..<5).map { i in
            CalibrationPair(target: Point(x: Double(i), y: 0), touched: Point(x: 0.5, y: 0.5))
        }
        #expect(throws: TouchCalibrationError.degeneratePoints) { try TouchCalibration.solve(spot) }
    }

    @Test(
        "targets on one line would squash the panel and are refused as singular; NaN as not finite")
    func singularAndNaN() {
        let touched = [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 0, y: 1), Point(x: 1, y: 1)]
        let flat = touched.map { CalibrationPair(target: Point(x: $0.x, y: 0.5), touched: $0) }
        #expect(throws: TouchCalibrationError.singular) { try TouchCalibration.solve(flat) }
        var nan = touched.map { CalibrationPair(target: $0, touched: $0) }
        nan[2].touched.y = .nan
        #expect(throws: TouchCalibrationError.notFinite) { try TouchCalibration.solve(nan) }
    }
}
