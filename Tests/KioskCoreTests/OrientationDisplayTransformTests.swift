import KioskCore
import Testing

@Suite("Display transform")
struct OrientationDisplayTransformTests {
    @Test("names and numbers match wl_output.transform in protocol order")
    func namesAndNumbers() {
        let names = DisplayTransform.allCases.map(\.name)
        #expect(
            names == [
                "normal", "90", "180", "270", "flipped", "flipped-90", "flipped-180", "flipped-270"
            ])
        #expect(DisplayTransform.allCases.map(\.wlOutputTransform) == [0, 1, 2, 3, 4, 5, 6, 7])
        for t in DisplayTransform.allCases {
            #expect(DisplayTransform(name: t.name) == t)
            #expect(DisplayTransform(wlOutputTransform: t.wlOutputTransform) == t)
            #expect(DisplayTransform(rotationDegrees: t.rotationDegrees, flipped: t.isFlipped) == t)
        }
    }

    @Test("weston spellings are accepted; unknown names, angles and values are rejected")
    func aliasesAndRejections() {
        #expect(DisplayTransform(name: "rotate-90") == .rotated90)
        #expect(DisplayTransform(name: "rotate-270") == .rotated270)
        #expect(DisplayTransform(name: "flipped-rotate-180") == .flipped180)
        #expect(DisplayTransform(name: "0") == .normal)
        #expect(DisplayTransform(name: "left") == nil)
        #expect(DisplayTransform(name: "Normal") == nil)
        #expect(DisplayTransform(name: "") == nil)
        #expect(DisplayTransform(rotationDegrees: 45, flipped: false) == nil)
        #expect(DisplayTransform(rotationDegrees: 360, flipped: false) == nil)
        #expect(DisplayTransform(rotationDegrees: -90, flipped: true) == nil)
        #expect(DisplayTransform(wlOutputTransform: 8) == nil)
        #expect(DisplayTransform.acceptedNames.count == 15)
    }

    @Test("90 and 270 variants swap width and height; the others keep them")
    func logicalSizes() {
        let portrait = Size(width: 480, height: 800)
        for t in DisplayTransform.allCases {
            let expected = t.swapsAxes ? portrait : landscapePanel
            #expect(t.logicalSize(forNative: landscapePanel) == expected)
            #expect(t.nativeSize(forLogical: expected) == landscapePanel)
        }
        #expect(
            DisplayTransform.allCases.filter(\.swapsAxes) == [
                .rotated90, .rotated270, .flipped90, .flipped270
            ])
    }

    /// Worked out by hand from the protocol text on paper: the logical top-left corner and a
    /// point 10 px to its right on the top edge, in the native 800x480 grid.
    @Test(
        "the upright top-left corner and top edge land where the protocol says",
        arguments: [
            (DisplayTransform.normal, Point(x: 0, y: 0), Point(x: 10, y: 0)),
            (.rotated90, Point(x: 0, y: 480), Point(x: 0, y: 470)),
            (.rotated180, Point(x: 800, y: 480), Point(x: 790, y: 480)),
            (.rotated270, Point(x: 800, y: 0), Point(x: 800, y: 10)),
            (.flipped, Point(x: 800, y: 0), Point(x: 790, y: 0)),
            (.flipped90, Point(x: 0, y: 0), Point(x: 0, y: 10)),
            (.flipped180, Point(x: 0, y: 480), Point(x: 10, y: 480)),
            (.flipped270, Point(x: 800, y: 480), Point(x: 800, y: 470))
        ])
    func handTable(transform: DisplayTransform, corner: Point, alongTop: Point) {
        #expect(transform.nativePoint(fromLogical: .zero, nativeSize: landscapePanel) == corner)
        #expect(
            transform.nativePoint(fromLogical: Point(x: 10, y: 0), nativeSize: landscapePanel)
                == alongTop)
    }

    @Test(
        "each drawing transform is a mirror about the vertical axis followed by CCW quarter turns",
        arguments: DisplayTransform.allCases)
    func matchesStepByStepDerivation(transform: DisplayTransform) {
        let logical = transform.logicalSize(forNative: landscapePanel)
        let samples = cornersAndCentre(of: logical) + [Point(x: 13, y: 71), Point(x: 300, y: 29)]
        for p in samples {
            // Mirror, then rotate the picture 90° CCW (y down) `rotationDegrees / 90` times.
            var q = transform.isFlipped ? Point(x: logical.width - p.x, y: p.y) : p
            var size = logical
            for _ in 0..<(transform.rotationDegrees / 90) {
                q = Point(x: q.y, y: size.width - q.x)
                size = Size(width: size.height, height: size.width)
            }
            #expect(size == landscapePanel)
            #expect(transform.nativePoint(fromLogical: p, nativeSize: landscapePanel) == q)
        }
    }

    @Test(
        "a panel mounted turned clockwise by the rotation shows the drawn picture upright",
        arguments: [DisplayTransform.normal, .rotated90, .rotated180, .rotated270])
    func mountingSense(transform: DisplayTransform) {
        let logical = transform.logicalSize(forNative: landscapePanel)
        for p in cornersAndCentre(of: logical) + [Point(x: 7, y: 3)] {
            var seen = transform.nativePoint(fromLogical: p, nativeSize: landscapePanel)
            var size = landscapePanel
            // Turning the physical panel 90° clockwise moves native (u, v) to (height - v, u).
            for _ in 0..<(transform.rotationDegrees / 90) {
                seen = Point(x: size.height - seen.y, y: seen.x)
                size = Size(width: size.height, height: size.width)
            }
            #expect(seen == p)
        }
    }

    @Test(
        "the point transform undoes the drawing transform, also as Matrix4",
        arguments: DisplayTransform.allCases)
    func pointTransformInverts(transform: DisplayTransform) throws {
        let draw = transform.drawingTransform(nativeSize: landscapePanel)
        let point = transform.pointTransform(nativeSize: landscapePanel)
        #expect(draw.then(point).isClose(to: .identity))
        #expect(point.then(draw).isClose(to: .identity))
        let inverse = try #require(draw.inverse)
        #expect(inverse.isClose(to: point))
        let m = transform.drawingMatrix(nativeSize: landscapePanel)
        let pm = transform.pointMatrix(nativeSize: landscapePanel)
        #expect((pm * m).isClose(to: .identity))
        let p = Point(x: 123, y: 45)
        #expect(m.project(p) == transform.nativePoint(fromLogical: p, nativeSize: landscapePanel))
    }

    @Test("inverse pairs 90 with 270 and leaves the others alone")
    func inverses() {
        #expect(
            DisplayTransform.allCases.map(\.inverse) == [
                .normal, .rotated270, .rotated180, .rotated90, .flipped, .flipped90, .flipped180,
                .flipped270
            ])
    }
}
