import KioskCore
import Testing

@testable import KioskRender

/// The display transform turns the Scene before compositing (`DisplayTransform.apply(to:)`);
/// these check the pixels and that the cheap loops stay cheap.
@Suite("Compositor with a turned display")
struct CompositorRotationTests {
    static let logical = Size(width: 64, height: 40)
    static let red: UInt32 = 0xFFFF_0000
    static let green: UInt32 = 0xFF00_FF00
    static let blue: UInt32 = 0xFF00_00FF
    static let white: UInt32 = 0xFFFF_FFFF

    /// A full-screen surface: red top-left quarter, green top-right, blue bottom-left, white rest.
    func quadrants() throws -> ImageBuffer {
        try CompositorFixtures.surface(width: 64, height: 40) { x, y in
            switch (x < 32, y < 20) {
            case (true, true): Self.red
            case (false, true): Self.green
            case (true, false): Self.blue
            case (false, false): Self.white
            }
        }
    }

    func scene(_ transform: Matrix4 = .identity) -> Scene {
        Scene(
            outputSize: Self.logical, background: .black,
            layers: [
                SceneLayer(content: .panel(PageID("p")), size: Self.logical, transform: transform)
            ],
            isAnimating: false)
    }

    @Test(
        "each quadrant is drawn where the transform puts it, mirrored ones included",
        arguments: DisplayTransform.allCases)
    func quadrantsLand(_ transform: DisplayTransform) throws {
        let surface = try quadrants()
        let turned = transform.apply(to: scene())
        let target = try ImageBuffer(
            width: Int(turned.outputSize.width), height: Int(turned.outputSize.height))
        let compositor = LayerCompositor()
        compositor.mirrorsOutput = transform.isFlipped
        compositor.compose(scene: turned, surfaces: { _ in surface }, into: target)
        let samples: [(Point, UInt32)] = [
            (Point(x: 8, y: 5), Self.red), (Point(x: 56, y: 5), Self.green),
            (Point(x: 8, y: 35), Self.blue), (Point(x: 56, y: 35), Self.white)
        ]
        for (logicalPoint, colour) in samples {
            let p = transform.nativePoint(fromLogical: logicalPoint, nativeSize: turned.outputSize)
            #expect(target.pixel(x: Int(p.x), y: Int(p.y)) == colour, "\(transform) at \(p)")
        }
    }

    @Test("a mirrored scene without mirrorsOutput is culled as back-facing (why the flag exists)")
    func mirroredNeedsFlag() throws {
        let surface = try quadrants()
        let turned = DisplayTransform.flipped.apply(to: scene())
        let target = try ImageBuffer(width: 64, height: 40)
        LayerCompositor().compose(scene: turned, surfaces: { _ in surface }, into: target)
        #expect(target.pixel(x: 8, y: 5) == 0xFF00_0000)
    }

    @Test(
        "loop classes: an identity layer turned or flipped stays a whole-pixel copy; a cube face turned 90 is row-projective"
    )
    func classes() {
        func kind(_ t: DisplayTransform, _ m: Matrix4 = .identity) -> TransformClass? {
            let turned = t.apply(to: scene(m))
            let layer = turned.layers[0]
            let compositorPlan = LayerPlan(
                layer: layer, surfaceWidth: 64, surfaceHeight: 40,
                limit: PixelBox(x0: -10_000, y0: -10_000, x1: 10_000, y1: 10_000),
                mirrored: t.isFlipped)
            return compositorPlan?.kind
        }
        #expect(kind(.normal) == .translation)
        #expect(kind(.rotated90) == .translation)
        #expect(kind(.rotated270) == .translation)
        #expect(kind(.rotated180) == .translation)
        #expect(kind(.flipped) == .translation)
        #expect(kind(.flipped90) == .translation)
        let face = CompositorFixtures.face(angle: 0.5, width: 64, height: 40)
        #expect(kind(.normal, face) == .columnProjective)
        #expect(kind(.rotated90, face) == .rowProjective)
        #expect(kind(.rotated180, face) == .columnProjective)
    }
}
