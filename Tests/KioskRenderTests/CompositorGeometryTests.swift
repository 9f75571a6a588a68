import KioskCore
import Testing

@testable import KioskRender

@Suite("Compositor geometry")
struct CompositorGeometryTests {
    static let width = 320.0
    static let height = 200.0

    /// The largest distance, in output pixels, between a pixel centre and the exact projection
    /// (Matrix4.project) of the surface point the compositor samples for it.
    /// `extent`: the output pixels checked (default: the layer's size).
    func worstError(_ transform: Matrix4, scale: Int = 1, extent: Size? = nil) -> (
        error: Double, checked: Int
    ) {
        let w = CompositorGeometryTests.width, h = CompositorGeometryTests.height
        let ow = extent?.width ?? w, oh = extent?.height ?? h
        let layer = SceneLayer(
            content: .solid(.white), size: Size(width: w, height: h), transform: transform)
        let sw = Int(w) * scale, sh = Int(h) * scale
        var worst = 0.0
        var checked = 0
        for y in stride(from: 0, to: Int(oh), by: 3) {
            for x in stride(from: 0, to: Int(ow), by: 3) {
                guard
                    let s = LayerCompositor.sampledSourcePoint(
                        layer: layer, surfaceWidth: sw, surfaceHeight: sh, x: x, y: y)
                else { continue }
                // Only points strictly inside the surface: outside, sampling clamps by design.
                guard s.x > 0.5, s.y > 0.5, s.x < Double(sw) - 1.5, s.y < Double(sh) - 1.5 else {
                    continue
                }
                let local = Point(x: (s.x + 0.5) / Double(scale), y: (s.y + 0.5) / Double(scale))
                guard let p = transform.project(local) else { continue }
                worst = max(worst, p.distance(to: Point(x: Double(x) + 0.5, y: Double(y) + 0.5)))
                checked += 1
            }
        }
        return (worst, checked)
    }

    @Test(
        "cube faces about a vertical axis sample within 0.5 px of the exact projection",
        arguments: [30.0, 45.0, 60.0, -30.0])
    func verticalAxis(degrees: Double) {
        let t = CompositorFixtures.face(
            angle: degrees * pi / 180, width: Self.width, height: Self.height)
        #expect(
            LayerCompositor.transformClass(
                of: SceneLayer(
                    content: .solid(.white), size: Size(width: Self.width, height: Self.height),
                    transform: t), surfaceWidth: 320, surfaceHeight: 200) == .columnProjective)
        let r = worstError(t)
        #expect(r.checked > 1000)
        #expect(r.error <= 0.5)
        // In fact the quantisation to sixteenths keeps it far below.
        #expect(r.error < 0.1)
    }

    @Test(
        "faces about a horizontal axis sample within 0.5 px of the exact projection",
        arguments: [30.0, 45.0, 60.0, -45.0])
    func horizontalAxis(degrees: Double) {
        let t = CompositorFixtures.face(
            angle: degrees * pi / 180, width: Self.width, height: Self.height, horizontal: true)
        #expect(
            LayerCompositor.transformClass(
                of: SceneLayer(
                    content: .solid(.white), size: Size(width: Self.width, height: Self.height),
                    transform: t), surfaceWidth: 320, surfaceHeight: 200) == .rowProjective)
        let r = worstError(t)
        #expect(r.checked > 1000)
        #expect(r.error < 0.1)
    }

    @Test(
        "faces about a horizontal axis go through the row loop's fast path, upright and as the cube on a turned display",
        arguments: [30.0, -45.0, 60.0])
    func horizontalAxisFastPath(degrees: Double) {
        let size = Size(width: Self.width, height: Self.height)
        let limit = PixelBox(x0: -1000, y0: -1000, x1: 1000, y1: 1000)
        let pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
        defer { pixels.deallocate() }
        let source = BilinearSource(base: pixels, width: 320, height: 200, stridePixels: 320)
        let tilted = CompositorFixtures.face(
            angle: degrees * pi / 180, width: Self.width, height: Self.height, horizontal: true)
        // The cube (a vertical axis) on a display turned by 90°: a horizontal axis on the output.
        let drawing = DisplayTransform.rotated90.drawingTransform(
            nativeSize: Size(width: Self.height, height: Self.width))
        let turned = CompositorFixtures.face(
            angle: degrees * pi / 180, width: Self.width, height: Self.height
        )
        .then(drawing.matrix4)
        for (t, line) in [(tilted, RowLineMapper.Line.row), (turned, .column)] {
            let layer = SceneLayer(content: .solid(.white), size: size, transform: t)
            guard
                let plan = LayerPlan(
                    layer: layer, surfaceWidth: 320, surfaceHeight: 200, limit: limit)
            else {
                Issue.record("\(degrees)° not drawn")
                continue
            }
            #expect(plan.kind == .rowProjective)
            #expect(
                RowLineMapper(plan.inverse, y0: plan.box.y0, y1: plan.box.y1, source: source).line
                    == line)
            let r = worstError(t, extent: Size(width: 400, height: 400))
            #expect(r.checked > 1000)
            #expect(r.error <= 0.5)
            #expect(r.error < 0.1)
        }
    }

    @Test("a surface rasterised at 2x output scale maps by its pixel size")
    func outputScale() {
        let t = CompositorFixtures.face(angle: 0.5, width: Self.width, height: Self.height)
        let r = worstError(t, scale: 2)
        #expect(r.checked > 1000)
        #expect(r.error < 0.1)
    }

    @Test("a general projective transform (two axes) is exact through the per-pixel divide")
    func generalProjective() {
        let c = Point(x: Self.width / 2, y: Self.height / 2)
        let t = Matrix4.translation(x: -c.x, y: -c.y).then(.rotationY(0.4)).then(.rotationX(0.3))
            .then(.rotationZ(0.2)).then(.translation(x: c.x, y: c.y))
            .then(.perspective(eyeDistance: 600, center: c))
        #expect(
            LayerCompositor.transformClass(
                of: SceneLayer(
                    content: .solid(.white), size: Size(width: Self.width, height: Self.height),
                    transform: t), surfaceWidth: 320, surfaceHeight: 200) == .projective)
        let r = worstError(t)
        #expect(r.checked > 1000)
        #expect(r.error < 0.1)
    }

    @Test("affine rotations, scales and translations classify and map exactly")
    func affine() {
        let size = Size(width: Self.width, height: Self.height)
        func cls(_ t: Matrix4) -> TransformClass? {
            LayerCompositor.transformClass(
                of: SceneLayer(content: .solid(.white), size: size, transform: t),
                surfaceWidth: 320, surfaceHeight: 200)
        }
        #expect(cls(.identity) == .translation)
        #expect(cls(.translation(x: 7, y: -3)) == .translation)
        #expect(cls(.translation(x: 7.5, y: 0)) == .scaleTranslate)
        #expect(cls(.scale(x: 0.5, y: 0.75)) == .scaleTranslate)
        let rotated = Matrix4.rotationZ(0.3).then(.translation(x: 60, y: 10))
        #expect(cls(rotated) == .affine)
        #expect(worstError(rotated).error < 0.1)
        #expect(worstError(.scale(x: 0.6, y: 0.8).then(.translation(x: 10.25, y: 3))).error < 0.1)
    }

    @Test("checkerboard squares land where the exact projection puts them")
    func checkerboardImage() throws {
        let w = 320, h = 200, cell = 20
        let board = try CompositorFixtures.checkerboard(width: w, height: h, cell: cell)
        let target = try ImageBuffer(width: w, height: h)
        for (degrees, horizontal) in [
            (30.0, false), (45.0, false), (60.0, false), (30.0, true), (45.0, true)
        ] {
            let t = CompositorFixtures.face(
                angle: degrees * pi / 180, width: Double(w), height: Double(h),
                horizontal: horizontal)
            let layer = SceneLayer(
                content: .panel("board"), size: Size(width: Double(w), height: Double(h)),
                transform: t)
            let scene = Scene(
                outputSize: Size(width: Double(w), height: Double(h)),
                background: RGBA(red: 1, green: 0, blue: 0), layers: [layer], isAnimating: false)
            LayerCompositor().compose(scene: scene, surfaces: { _ in board }, into: target)
            // Exact inverse through Matrix4's own 4x4 inversion of the plane's homography.
            let m = t
            let embedded = Matrix4(rows: [
                [m[0, 0], m[0, 1], 0, m[0, 3]], [m[1, 0], m[1, 1], 0, m[1, 3]], [0, 0, 1, 0],
                [m[3, 0], m[3, 1], 0, m[3, 3]]
            ])
            let inverse = try #require(embedded.inverse)
            var checked = 0, wrong = 0
            for y in 0..<h {
                for x in 0..<w {
                    guard let s = inverse.project(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                    else { continue }
                    // Inside the face and at least 1.5 px from every cell edge in the source (the
                    // bilinear ramp is one source pixel wide): the colour is the cell's exactly.
                    guard s.x > 2, s.y > 2, s.x < Double(w) - 2, s.y < Double(h) - 2 else {
                        continue
                    }
                    let fx = s.x.truncatingRemainder(dividingBy: Double(cell)),
                        fy = s.y.truncatingRemainder(dividingBy: Double(cell))
                    guard fx > 1.5, fx < Double(cell) - 1.5, fy > 1.5, fy < Double(cell) - 1.5
                    else { continue }
                    let white = (Int(s.x) / cell + Int(s.y) / cell) % 2 == 0
                    checked += 1
                    if target.pixel(x: x, y: y) != (white ? 0xFFFF_FFFF : 0xFF00_0000) {
                        wrong += 1
                    }
                }
            }
            #expect(checked > 10_000, "\(degrees)° horizontal: \(horizontal)")
            #expect(wrong == 0, "\(degrees)° horizontal: \(horizontal)")
        }
    }
}

@Suite("Edge pixel multipliers")
struct EdgeMultiplierTests {
    @Test("the edge pixels' rounding without libm gives round()'s multiplier for every coverage")
    func roundedMultiplierMatchesRound() {
        // The values where the shortcut could go wrong: around each half, and the double just
        // below 0.5, whose x + 0.5 rounds up to 1.
        var values: [Double] = [0, 0.5.nextDown, 0.5, 0.5.nextUp, 1, 255.5, 256]
        for k in 0...256 {
            let half = Double(k) + 0.5
            values += [half.nextDown, half, half.nextUp, Double(k)]
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100_000 { values.append(Double.random(in: 0...256, using: &generator)) }
        for x in values {
            #expect(SpanRasteriser.roundedMultiplier(x) == UInt64(x.rounded()), "x = \(x)")
        }
    }
}
