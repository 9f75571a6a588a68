import KioskCore
import Testing

@testable import KioskRender

@Suite("Compositor pixels")
struct CompositorPixelTests {
    let size = Size(width: 64, height: 48)

    func scene(_ layers: [SceneLayer], background: RGBA = .black) -> Scene {
        Scene(outputSize: size, background: background, layers: layers, isAnimating: false)
    }

    @Test("an identity layer is an exact copy of its surface")
    func identityCopies() throws {
        let surface = try CompositorFixtures.surface(width: 64, height: 48) { x, y in
            0xFF00_0000 | UInt32(x * 3) << 16 | UInt32(y * 5) << 8 | UInt32((x ^ y) & 0xFF)
        }
        let target = try ImageBuffer(width: 64, height: 48)
        let layer = SceneLayer(content: .panel("p"), size: size, transform: .identity)
        LayerCompositor().compose(scene: scene([layer]), surfaces: { _ in surface }, into: target)
        #expect(CompositorFixtures.pixels(target) == CompositorFixtures.pixels(surface))
    }

    @Test("opacity 0.5 and dim 0.25 give the expected premultiplied values")
    func opacityAndDim() throws {
        let white = try CompositorFixtures.surface(width: 64, height: 48) { _, _ in 0xFFFF_FFFF }
        let target = try ImageBuffer(width: 64, height: 48)
        let compositor = LayerCompositor()
        let cases: [(Double, Double, UInt32)] = [
            (0.5, 0, 0xFF80_8080),  // 255 · 0.5 over black
            (1, 0.25, 0xFFBF_BFBF),  // 255 · 0.75
            (0.5, 0.25, 0xFF60_6060)  // 255 · 0.5 · 0.75
        ]
        for (opacity, dim, expected) in cases {
            // A scaled (not copied) layer goes through the bilinear loop.
            let layer = SceneLayer(
                content: .panel("p"), size: size, transform: .scale(x: 1.01, y: 1.01),
                opacity: opacity, dim: dim)
            compositor.compose(scene: scene([layer]), surfaces: { _ in white }, into: target)
            #expect(
                CompositorFixtures.channelDistance(target.pixel(x: 30, y: 20), expected) <= 1,
                "opacity \(opacity) dim \(dim)")
            let copied = SceneLayer(
                content: .panel("p"), size: size, transform: .identity, opacity: opacity, dim: dim)
            compositor.compose(scene: scene([copied]), surfaces: { _ in white }, into: target)
            #expect(
                CompositorFixtures.channelDistance(target.pixel(x: 30, y: 20), expected) <= 1,
                "copy, opacity \(opacity) dim \(dim)")
        }
        // A half-transparent solid over white: 0.5 · (0, 0, 255) + 0.5 · white.
        let solid = SceneLayer(
            content: .solid(RGBA(red: 0, green: 0, blue: 1, alpha: 0.5)), size: size,
            transform: .identity)
        compositor.compose(
            scene: scene([solid], background: .white), surfaces: { _ in nil }, into: target)
        #expect(CompositorFixtures.channelDistance(target.pixel(x: 10, y: 10), 0xFF80_80FF) <= 1)
    }

    @Test("nothing of a layer is drawn outside its clip")
    func clipRespected() throws {
        let target = try ImageBuffer(width: 64, height: 48)
        let clip = Rect(x: 10, y: 8, width: 20, height: 12)
        let layer = SceneLayer(
            content: .solid(.white), size: size, transform: .rotationZ(0.1), clip: clip)
        LayerCompositor().compose(scene: scene([layer]), surfaces: { _ in nil }, into: target)
        for y in 0..<48 {
            for x in 0..<64 {
                let inside = clip.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                if !inside { #expect(target.pixel(x: x, y: y) == 0xFF00_0000, "(\(x), \(y))") }
            }
        }
        #expect(target.pixel(x: 20, y: 15) == 0xFFFF_FFFF)
    }

    @Test(
        "composing with a damage rect changes no pixel outside it and matches a full frame inside")
    func damageLimits() throws {
        let board = try CompositorFixtures.checkerboard(width: 64, height: 48, cell: 8)
        let before = try ImageBuffer(width: 64, height: 48)
        let full = try ImageBuffer(width: 64, height: 48)
        let compositor = LayerCompositor()
        let a = SceneLayer(
            content: .panel("p"), size: size,
            transform: CompositorFixtures.face(angle: 0.4, width: 64, height: 48))
        let b = SceneLayer(
            content: .panel("p"), size: size,
            transform: CompositorFixtures.face(angle: 0.6, width: 64, height: 48))
        compositor.compose(
            scene: scene([a], background: RGBA(red: 0, green: 1, blue: 0)),
            surfaces: { _ in board }, into: before)
        let old = CompositorFixtures.pixels(before)
        compositor.compose(scene: scene([b]), surfaces: { _ in board }, into: full)
        let damage = Rect(x: 13, y: 9, width: 21, height: 17)
        compositor.compose(
            scene: scene([b]), surfaces: { _ in board }, into: before, damage: damage)
        for y in 0..<48 {
            for x in 0..<64 {
                let inside = damage.contains(Point(x: Double(x), y: Double(y)))
                let expected = inside ? full.pixel(x: x, y: y) : old[y * 64 + x]
                #expect(before.pixel(x: x, y: y) == expected, "(\(x), \(y))")
            }
        }
    }

    @Test("degenerate transforms and values draw nothing and never crash")
    func degenerate() throws {
        let surface = try CompositorFixtures.surface(width: 64, height: 48) { _, _ in 0xFFFF_FFFF }
        let target = try ImageBuffer(width: 64, height: 48)
        var behindEye = Matrix4.identity
        behindEye[3, 0] = -0.1  // w < 0 on most of the layer
        var nan = Matrix4.identity
        nan[0, 1] = .nan
        var infinite = Matrix4.identity
        infinite[1, 3] = .infinity
        let transforms: [Matrix4] = [
            .scale(x: 0, y: 1), .scale(x: 1, y: 0), behindEye, nan, infinite,
            .translation(x: -32, y: -24).then(.rotationY(pi)).then(.translation(x: 32, y: 24)),  // back-facing
            .translation(x: -32, y: -24).then(.rotationY(pi / 2)).then(.translation(x: 32, y: 24)),  // edge-on
            .translation(x: 1e300, y: 0), .scale(x: 1e-300, y: 1e-300)
        ]
        let compositor = LayerCompositor()
        for t in transforms {
            let layer = SceneLayer(content: .panel("p"), size: size, transform: t)
            compositor.compose(scene: scene([layer]), surfaces: { _ in surface }, into: target)
            #expect(CompositorFixtures.pixels(target).allSatisfy { $0 == 0xFF00_0000 }, "\(t)")
        }
        let odd: [SceneLayer] = [
            SceneLayer(content: .panel("p"), size: .zero, transform: .identity),
            SceneLayer(
                content: .panel("p"), size: Size(width: .nan, height: 4), transform: .identity),
            SceneLayer(content: .panel("p"), size: size, transform: .identity, opacity: .nan),
            SceneLayer(content: .panel("p"), size: size, transform: .identity, opacity: 0),
            SceneLayer(
                content: .panel("p"), size: size, transform: .identity,
                clip: Rect(x: .nan, y: 0, width: 4, height: 4))
        ]
        compositor.compose(scene: scene(odd), surfaces: { _ in surface }, into: target)
        #expect(CompositorFixtures.pixels(target).allSatisfy { $0 == 0xFF00_0000 })
        // NaN damage draws nothing; a 1x1 surface stretched over a perspective face works.
        compositor.compose(
            scene: scene([]), surfaces: { _ in nil }, into: target,
            damage: Rect(x: .nan, y: 0, width: 1, height: 1))
        let tiny = try CompositorFixtures.surface(width: 1, height: 1) { _, _ in 0xFFFF_FFFF }
        let face = SceneLayer(
            content: .panel("p"), size: size,
            transform: CompositorFixtures.face(angle: 0.5, width: 64, height: 48))
        compositor.compose(scene: scene([face]), surfaces: { _ in tiny }, into: target)
        #expect(target.pixel(x: 20, y: 24) == 0xFFFF_FFFF)
    }

    @Test("adjacent cube faces meet without a seam of background")
    func noSeam() throws {
        let w = 200, h = 120
        let white = try CompositorFixtures.surface(width: w, height: h) { _, _ in 0xFFFF_FFFF }
        let target = try ImageBuffer(width: w, height: h)
        let s = Size(width: Double(w), height: Double(h))
        for degrees in [30.0, 45.0, 17.0] {
            let t = degrees * pi / 180
            let front = SceneLayer(
                content: .panel("a"), size: s,
                transform: CompositorFixtures.face(angle: -t, width: s.width, height: s.height))
            let next = SceneLayer(
                content: .panel("b"), size: s,
                transform: CompositorFixtures.face(
                    angle: pi / 2 - t, width: s.width, height: s.height))
            LayerCompositor().compose(
                scene: Scene(
                    outputSize: s, background: .black, layers: [front, next], isAnimating: false),
                surfaces: { _ in white }, into: target)
            // The shared edge is vertical: every row between the faces' top and bottom edges is white
            // on both sides of it.
            let edge = try #require(front.transform.project(Point(x: s.width, y: s.height / 2)))
            let x = Int(edge.x)
            for y in (h / 2 - 30)..<(h / 2 + 30) {
                for dx in -2...2 {
                    #expect(
                        target.pixel(x: x + dx, y: y) == 0xFFFF_FFFF,
                        "\(degrees)° (\(x + dx), \(y))")
                }
            }
        }
    }

    @Test("cube frames at 30 and 45 degrees are written as PNGs for inspection")
    func cubePNG() throws {
        let w = 480, h = 270
        let front = try CompositorFixtures.checkerboard(width: w, height: h, cell: 30)
        let next = try CubeFrame.pageSurface(width: w, height: h, tint: 0xFF90_4030)
        let target = try ImageBuffer(width: w, height: h)
        for degrees in [30.0, 45.0] {
            let scene = CubeFrame.scene(width: w, height: h, degrees: degrees)
            LayerCompositor().compose(
                scene: scene, surfaces: { c in c == .panel(CubeFrame.faces.0) ? front : next },
                into: target)
            try target.writePNG(to: "/tmp/kiosk-compositor-cube-\(Int(degrees)).png")
        }
    }
}
