import KioskCore
import Testing

@testable import KioskRender

/// A layer showing a window of its surface (a scrolled panel: `SceneLayer.contentSize` and
/// `contentOffset`): the right pixels, the same loops as an unscrolled layer, and the right damage.
@Suite("Compositor windows of a surface")
struct CompositorWindowTests {
    /// 40x120 content whose pixel (x, y) encodes both coordinates.
    static func content(scale: Int = 1) throws -> ImageBuffer {
        try CompositorFixtures.surface(width: 40 * scale, height: 120 * scale) { x, y in
            0xFF00_0000 | UInt32(x & 0xFF) << 16 | UInt32(y & 0xFF) << 8
        }
    }

    static func window(offset: Double, at origin: Point = Point(x: 10, y: 5), scale: Double = 1)
        -> SceneLayer
    {
        SceneLayer(
            content: .panel("list"), size: Size(width: 40, height: 50),
            transform: Matrix4.translation(x: origin.x, y: origin.y).then(
                .scale(x: scale, y: scale)),
            contentSize: Size(width: 40, height: 120), contentOffset: Point(x: 0, y: offset))
    }

    @Test("a window from y 30 draws content rows 30…79 at the layer's place and nothing outside it")
    func windowPixels() throws {
        let surface = try Self.content()
        let target = try ImageBuffer(width: 64, height: 64)
        let scene = Scene(
            outputSize: Size(width: 64, height: 64), background: .black,
            layers: [Self.window(offset: 30)], isAnimating: false)
        LayerCompositor().compose(scene: scene, surfaces: { _ in surface }, into: target)
        #expect(target.pixel(x: 10, y: 5) == 0xFF00_1E00)
        #expect(target.pixel(x: 49, y: 54) == 0xFF27_4F00)
        #expect(target.pixel(x: 20, y: 30) == 0xFF0A_3700)
        // Above and below the window: the background, not the rest of the content.
        #expect(target.pixel(x: 20, y: 4) == 0xFF00_0000)
        #expect(target.pixel(x: 20, y: 55) == 0xFF00_0000)
    }

    @Test(
        "a whole-pixel window keeps the row-copy loop; at scale 2 the surface's pixels map 1:1 too")
    func keepsFastPath() {
        #expect(
            LayerCompositor.transformClass(
                of: Self.window(offset: 30), surfaceWidth: 40, surfaceHeight: 120) == .translation)
        #expect(
            LayerCompositor.transformClass(
                of: Self.window(offset: 30.5, scale: 2), surfaceWidth: 80, surfaceHeight: 240)
                == .translation)
        #expect(
            LayerCompositor.transformClass(
                of: Self.window(offset: 30.25), surfaceWidth: 40, surfaceHeight: 120)
                == .scaleTranslate)
    }

    @Test(
        "the fast loops and the generic ones give the same pixels for windows copied, scaled and on a cube turn"
    )
    func fastMatchesGeneric() throws {
        let surface = try Self.content()
        var turned = Self.window(offset: 42)
        turned.transform = CompositorFixtures.face(angle: 0.4, width: 40, height: 50).then(
            .translation(x: 10, y: 5))
        for layer in [
            Self.window(offset: 42), Self.window(offset: 30.25),
            Self.window(offset: 20, scale: 0.75), turned
        ] {
            let scene = Scene(
                outputSize: Size(width: 64, height: 64), background: .black, layers: [layer],
                isAnimating: false)
            let fast = try ImageBuffer(width: 64, height: 64)
            let slow = try ImageBuffer(width: 64, height: 64)
            LayerCompositor().compose(scene: scene, surfaces: { _ in surface }, into: fast)
            let generic = LayerCompositor()
            generic.fastPaths = false
            generic.compose(scene: scene, surfaces: { _ in surface }, into: slow)
            #expect(CompositorFixtures.pixels(fast) == CompositorFixtures.pixels(slow))
            // Nothing of the content beyond the window leaks above or below it.
            if layer.transform[3, 0] == 0 && layer.transform[1, 1] == 1 {
                #expect(fast.pixel(x: 20, y: 4) == 0xFF00_0000)
            }
        }
    }

    @Test(
        "scrolling damages the layer's frame only; surface damage outside the window damages nothing"
    )
    func damage() {
        let before = Scene(
            outputSize: Size(width: 200, height: 200), background: .black,
            layers: [Self.window(offset: 0)], isAnimating: false)
        var after = before
        after.layers[0] = Self.window(offset: 12)
        let moved = OutputDamage(
            previous: before, current: after, surfaceDamage: [:], surfaceScale: 1)
        #expect(moved.rects == [Rect(x: 10, y: 5, width: 40, height: 50)])
        // A clock redrawn at content rows 100…110 is below a window of rows 12…62.
        let hidden = OutputDamage(
            previous: after, current: after,
            surfaceDamage: [.panel("list"): [Rect(x: 0, y: 100, width: 40, height: 10)]],
            surfaceScale: 1)
        #expect(hidden.isEmpty)
        // Rows 20…30 show at output rows 5 + 8 …
        let shown = OutputDamage(
            previous: after, current: after,
            surfaceDamage: [.panel("list"): [Rect(x: 0, y: 20, width: 40, height: 10)]],
            surfaceScale: 1)
        #expect(shown.rects == [Rect(x: 10, y: 13, width: 40, height: 10)])
    }

    @Test("the surface cache rasterises a scrolled panel at its whole content size")
    func cacheSize() throws {
        let panel = Panel(widgets: [
            .list(ListWidget(rows: (0..<30).map { ListRow(label: "Row \($0)") }))
        ])
        let configuration = KioskConfiguration(
            settings: KioskSettings(home: "list"),
            pages: ["list": PageDefinition(id: "list", title: "List", content: .panel(panel))],
            directory: "/nonexistent")
        let cache = PageSurfaceCache(configuration: configuration, scale: 1)
        let layer = SceneLayer(
            content: .panel("list"), size: Size(width: 300, height: 200), transform: .identity,
            contentSize: Size(width: 300, height: 800), contentOffset: Point(x: 0, y: 100))
        let scene = Scene(
            outputSize: Size(width: 300, height: 200), background: .black, layers: [layer],
            isAnimating: false)
        _ = cache.prepare(for: scene, now: WallClockTime(secondsSinceEpoch: 0, timeZone: "UTC"))
        let surface = try #require(cache.surface(for: .panel("list")))
        #expect(surface.width == 300)
        #expect(surface.height == 800)
    }
}
