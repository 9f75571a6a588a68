import KioskCore
import Testing

@testable import KioskRender

@Suite("Frame damage")
struct CompositorDamageTests {
    let size = Size(width: 800, height: 480)

    func scene(clockDirty: Bool = false, offset: Double = 0) -> Scene {
        Scene(
            outputSize: size, background: .black,
            layers: [
                SceneLayer(content: .panel("home"), size: size, transform: .translation(x: offset))
            ],
            isAnimating: false)
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
        // The damage the runtime computes for a redrawn clock (OutputDamage; its own rules are
        // tested in SurfaceOutputDamageTests).
        let damage = try #require(
            OutputDamage(
                previous: scene(), current: scene(),
                surfaceDamage: [.panel("home"): [Rect(x: 700, y: 10, width: 80, height: 24)]],
                surfaceScale: 1
            ).bounds)
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
