import KioskCore
import Testing

/// The digitizer glued to the panel reports a finger at native pixel `u` as `u / nativeSize`.
private func digitizerReading(atNative u: Point, panel: Size) -> Point {
    Point(x: u.x / panel.width, y: u.y / panel.height)
}

@Suite("Touch mapper")
struct OrientationTouchMapperTests {
    @Test(
        "for every transform a touch lands under the finger at the corners and the centre",
        arguments: DisplayTransform.allCases)
    func landsUnderFinger(transform: DisplayTransform) {
        let mapper = TouchMapper(nativeSize: landscapePanel, displayTransform: transform)
        #expect(mapper.touchTransform == transform)
        for p in cornersAndCentre(of: mapper.logicalSize) + [Point(x: 37, y: 11)] {
            // Drawn at logical p, shown at this native pixel (through the drawing Matrix4, not the
            // mapper's own code path), touched there.
            let native = transform.drawingMatrix(nativeSize: landscapePanel).project(p) ?? .zero
            let reading = digitizerReading(atNative: native, panel: landscapePanel)
            #expect(orientationClose(mapper.logicalPoint(fromDeviceNormalised: reading), p))
            #expect(orientationClose(mapper.deviceNormalisedPoint(forLogical: p), reading))
        }
    }

    @Test("panel turned 90° clockwise: the digitizer's bottom-left corner is the upright top-left")
    func portraitByHand() {
        let mapper = TouchMapper(nativeSize: landscapePanel, displayTransform: .rotated90)
        #expect(mapper.logicalSize == Size(width: 480, height: 800))
        #expect(mapper.logicalPoint(fromDeviceNormalised: Point(x: 0, y: 1)) == Point(x: 0, y: 0))
        #expect(mapper.logicalPoint(fromDeviceNormalised: Point(x: 0, y: 0)) == Point(x: 480, y: 0))
        #expect(
            mapper.logicalPoint(fromDeviceNormalised: Point(x: 0.25, y: 0.5))
                == Point(x: 240, y: 200))
    }

    @Test(
        "rotate display only: a digitizer that already reports upright maps straight to logical pixels"
    )
    func displayOnly() {
        let mapper = TouchMapper(
            nativeSize: landscapePanel, displayTransform: .rotated90, touchTransform: .normal)
        #expect(mapper.logicalSize == Size(width: 480, height: 800))
        #expect(mapper.deviceFrameSize == Size(width: 480, height: 800))
        #expect(
            mapper.logicalPoint(fromDeviceNormalised: Point(x: 0.25, y: 0.5))
                == Point(x: 120, y: 400))
        #expect(
            mapper.logicalPoint(fromDeviceNormalised: Point(x: 1, y: 1)) == Point(x: 480, y: 800))
    }

    @Test(
        "rotate touch only: the compositor rotates the picture, the digitizer still reports landscape"
    )
    func touchOnly() {
        // The compositor hands us a 480x800 portrait surface; the landscape digitizer is mounted
        // turned 90° clockwise with the panel.
        let mapper = TouchMapper(
            nativeSize: Size(width: 480, height: 800), displayTransform: .normal,
            touchTransform: .rotated90)
        #expect(mapper.logicalSize == Size(width: 480, height: 800))
        #expect(mapper.deviceFrameSize == landscapePanel)
        // Finger at upright (120, 200): on the landscape digitizer that is native (200, 480 - 120).
        #expect(
            mapper.logicalPoint(fromDeviceNormalised: Point(x: 0.25, y: 0.75))
                == Point(x: 120, y: 200))
        #expect(mapper.logicalPoint(fromDeviceNormalised: Point(x: 0, y: 1)) == Point(x: 0, y: 0))
    }

    @Test("an upside-down digitizer on an upright display is fixed by a 180 touch transform alone")
    func digitizerUpsideDown() {
        let mapper = TouchMapper(
            nativeSize: landscapePanel, displayTransform: .normal, touchTransform: .rotated180)
        #expect(
            mapper.logicalPoint(fromDeviceNormalised: Point(x: 0.25, y: 0.25))
                == Point(x: 600, y: 360))
    }

    @Test(
        "a swapped-axis digitizer is corrected by the matrix 0 1 0 1 0 0 under every transform",
        arguments: DisplayTransform.allCases)
    func swappedAxes(transform: DisplayTransform) throws {
        let calibration = try TouchCalibration(parsing: "0 1 0 1 0 0")
        let mapper = TouchMapper(
            nativeSize: landscapePanel, displayTransform: transform, calibration: calibration)
        for p in cornersAndCentre(of: mapper.logicalSize) + [Point(x: 100, y: 50)] {
            let true_ = mapper.deviceNormalisedPoint(forLogical: p)
            let swapped = Point(x: true_.y, y: true_.x)
            #expect(orientationClose(mapper.logicalPoint(fromDeviceNormalised: swapped), p))
        }
    }

    @Test("calibrating from touches on drawn targets makes later touches land under the finger")
    func calibrateEndToEnd() throws {
        var mapper = TouchMapper(nativeSize: landscapePanel, displayTransform: .rotated270)
        // A miscalibrated digitizer: x mirrored and squeezed, y offset.
        let fault = Affine2D(a: -0.9, b: 0, c: 0.95, d: 0, e: 0.95, f: 0.03)
        let targets = [
            Point(x: 48, y: 80), Point(x: 432, y: 80), Point(x: 48, y: 720), Point(x: 432, y: 720),
            Point(x: 240, y: 400)
        ]
        let pairs = targets.map { t in
            let target = mapper.deviceNormalisedPoint(forLogical: t)
            return CalibrationPair(target: target, touched: fault.apply(target))
        }
        mapper.calibration = try TouchCalibration.solve(pairs)
        for p in [Point(x: 10, y: 10), Point(x: 470, y: 790), Point(x: 300, y: 123)] {
            let raw = fault.apply(mapper.deviceNormalisedPoint(forLogical: p))
            #expect(
                orientationClose(mapper.logicalPoint(fromDeviceNormalised: raw), p, tolerance: 1e-6)
            )
        }
    }

    @Test("touches past the digitizer's edge and NaN are clamped onto the panel")
    func clamps() {
        let mapper = TouchMapper(nativeSize: landscapePanel, displayTransform: .rotated180)
        #expect(
            mapper.logicalPoint(fromDeviceNormalised: Point(x: -0.1, y: 1.2)) == Point(x: 800, y: 0)
        )
        #expect(
            mapper.unclampedLogicalPoint(fromDeviceNormalised: Point(x: -0.1, y: 1.2))
                == Point(x: 880, y: -96))
        #expect(
            mapper.logicalPoint(fromDeviceNormalised: Point(x: .nan, y: .infinity))
                == Point(x: 0, y: 0))
        let empty = TouchMapper(nativeSize: .zero)
        #expect(empty.logicalPoint(fromDeviceNormalised: Point(x: 0.5, y: 0.5)) == .zero)
        #expect(empty.deviceNormalisedPoint(forLogical: Point(x: 3, y: 4)) == .zero)
    }

    @Test("settings build the mapper; touch follows the display unless set")
    func fromSettings() {
        var settings = InputGeometrySettings(displayTransform: .flipped270)
        #expect(
            TouchMapper(settings: settings, nativeSize: landscapePanel).touchTransform
                == .flipped270)
        #expect(settings.effectiveTouchTransform == .flipped270)
        settings.touchTransform = .normal
        #expect(
            TouchMapper(settings: settings, nativeSize: landscapePanel).touchTransform == .normal)
        #expect(
            settings.seat == "seat0" && settings.devicePaths.isEmpty
                && settings.keymap == .systemDefault)
    }
}
