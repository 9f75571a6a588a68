import KioskCore
import Testing

/// Touches from the compositor arrive in the window's native coordinates; the shell drew the
/// picture turned by the display transform. These prove that a finger on any drawn point is
/// reported at that point of the upright layout, for all eight transforms.
@Suite("Compositor touches on a turned picture")
struct OrientationSurfaceTouchTests {
    /// The window as the compositor sizes it: the panel's native grid.
    static let window = Size(width: 800, height: 1280)

    @Test(
        "a touch on the pixel where a logical corner or the centre is drawn lands on it",
        arguments: DisplayTransform.allCases)
    func cornersAndCentreLandUnderTheFinger(_ transform: DisplayTransform) {
        let mapper = TouchMapper(nativeSize: Self.window, displayTransform: transform)
        let logical = transform.logicalSize(forNative: Self.window)
        #expect(mapper.logicalSize == logical)
        for target in cornersAndCentre(of: logical) {
            let finger = transform.nativePoint(fromLogical: target, nativeSize: Self.window)
            #expect(
                orientationClose(mapper.logicalPoint(fromSurface: finger), target),
                "\(transform) \(target)")
        }
    }

    @Test("exact table for 90: the window's top-left is the logical bottom-left")
    func table90() {
        let mapper = TouchMapper(nativeSize: Self.window, displayTransform: .rotated90)
        // Logical is 1280x800; native (x, y) -> logical (1280 - y, x).
        #expect(mapper.logicalPoint(fromSurface: Point(x: 0, y: 0)) == Point(x: 1280, y: 0))
        #expect(mapper.logicalPoint(fromSurface: Point(x: 800, y: 0)) == Point(x: 1280, y: 800))
        #expect(mapper.logicalPoint(fromSurface: Point(x: 0, y: 1280)) == Point(x: 0, y: 0))
        #expect(mapper.logicalPoint(fromSurface: Point(x: 100, y: 1000)) == Point(x: 280, y: 100))
    }

    @Test("calibration from a Wayland calibration run corrects a shifted compositor touch")
    func calibrated() throws {
        // The compositor reports touches 40 px right and 64 px low of the finger on the window.
        let shifted = [(0.1, 0.1), (0.9, 0.1), (0.1, 0.9), (0.9, 0.9)].map {
            Point(x: $0.0, y: $0.1)
        }
        let pairs = shifted.map {
            CalibrationPair(target: $0, touched: Point(x: $0.x + 0.05, y: $0.y + 0.05))
        }
        let calibration = try TouchCalibration.solve(pairs)
        let mapper = TouchMapper(
            nativeSize: Self.window, displayTransform: .rotated180, calibration: calibration)
        let finger = Point(x: 200, y: 300)  // native pixel the finger is on
        let reported = Point(x: 240, y: 364)
        let expected = DisplayTransform.rotated180.logicalPoint(
            fromNative: finger, nativeSize: Self.window)
        #expect(
            orientationClose(mapper.logicalPoint(fromSurface: reported), expected, tolerance: 1e-6))
    }

    @Test("up, cancel and frame pass through; only positions are mapped")
    func events() {
        let mapper = TouchMapper(nativeSize: Self.window, displayTransform: .rotated270)
        #expect(mapper.mapSurfaceTouch(.up(id: 3, time: 1)) == .up(id: 3, time: 1))
        #expect(mapper.mapSurfaceTouch(.frame(time: 2)) == .frame(time: 2))
        // 270: native (x, y) -> logical (y, 800 - x).
        #expect(
            mapper.mapSurfaceTouch(.down(id: 1, position: Point(x: 100, y: 20), time: 3))
                == .down(id: 1, position: Point(x: 20, y: 700), time: 3))
        #expect(!mapper.isIdentityForSurface)
        #expect(TouchMapper(nativeSize: Self.window).isIdentityForSurface)
    }
}
