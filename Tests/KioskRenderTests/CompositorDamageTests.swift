import KioskCore
import Testing

@testable import KioskRender

@Suite("Frame damage")
struct CompositorDamageTests {
    let size = Size(width: 800, height: 480)

    func scene(clockDirty: Bool = false, offset: Double = 0) -> Scene {
        Scene(
            outputSize: size, background: .black,
            layers: [SceneLayer(content: .panel("home"), size: size, transform: .translation(x: offset))],
            isAnimating: false)
    }

    @Test("nothing changed reports no damage")
    func nothingChanged() {
        #expect(FrameDamage.between(previous: scene(), current: scene()) == nil)
    }

    @Test("a redrawn clock damages only its own region, grown by the filter's reach")
    func clockOnly() {
        let clock = Rect(x: 700, y: 10, width: 80, height: 24)
        let d = FrameDamage.between(previous: scene(), current: scene(), dirty: [.panel("home"): clock])
        #expect(d == Rect(x: 698, y: 8, width: 84, height: 28))
    }

    @Test("a moved layer damages its old and new footprint; the first frame damages everything")
    func moved() {
        #expect(FrameDamage.between(previous: nil, current: scene()) == Rect(size: size))
        let d = FrameDamage.between(previous: scene(), current: scene(offset: 10))
        #expect(d == Rect(size: size))
        let small = SceneLayer(content: .solid(.white), size: Size(width: 10, height: 10), transform: .translation(x: 100, y: 100))
        var a = scene()
        a.layers.append(small)
        var b = a
        b.layers[1].transform = .translation(x: 120, y: 100)
        #expect(FrameDamage.between(previous: a, current: b) == Rect(x: 98, y: 98, width: 34, height: 14))
    }

    @Test("a clock-only frame recomposes just the damaged pixels")
    func clockFrame() throws {
        let page = try CompositorFixtures.checkerboard(width: 800, height: 480, cell: 16)
        let target = try ImageBuffer(width: 800, height: 480)
        let compositor = LayerCompositor()
        compositor.compose(scene: scene(), surfaces: { _ in page }, into: target)
        // Redraw the "clock" in the page surface, then recompose only the damage.
        let p = page.pixels.assumingMemoryBound(to: UInt32.self)
        for y in 10..<34 { for x in 700..<780 { p[y * page.stride / 4 + x] = 0xFF12_3456 } }
        page.markDirty()
        let before = CompositorFixtures.pixels(target)
        let damage = try #require(FrameDamage.between(previous: scene(), current: scene(), dirty: [.panel("home"): Rect(x: 700, y: 10, width: 80, height: 24)]))
        compositor.compose(scene: scene(), surfaces: { _ in page }, into: target, damage: damage)
        var changed = 0
        for y in 0..<480 {
            for x in 0..<800 where target.pixel(x: x, y: y) != before[y * 800 + x] {
                changed += 1
                #expect(damage.contains(Point(x: Double(x), y: Double(y))))
            }
        }
        #expect(changed == 80 * 24)
        #expect(target.pixel(x: 740, y: 20) == 0xFF12_3456)
    }
}
