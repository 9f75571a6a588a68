import KioskCore
import Testing

@Suite("Scene seen at a backlight level")
struct SceneBacklightTests {
    let scene = Scene(
        outputSize: Size(width: 100, height: 50), background: RGBA(red: 0.5, green: 0.2, blue: 1),
        layers: [
            SceneLayer(
                content: .panel("home"), size: Size(width: 100, height: 50), transform: .identity),
            SceneLayer(
                content: .panel("menu"), size: Size(width: 100, height: 50), transform: .identity,
                dim: 0.5)
        ], isAnimating: false)

    @Test("100 % is the scene itself; 0 % is black with no layers")
    func ends() {
        #expect(scene.seen(atBacklight: 100) == scene)
        let dark = scene.seen(atBacklight: 0)
        #expect(dark.layers.isEmpty && dark.background == RGBA(red: 0, green: 0, blue: 0))
    }

    @Test("30 % lets 30 % of each layer's light through, on top of its own dimming")
    func dims() {
        let dim = scene.seen(atBacklight: 30)
        #expect(abs(dim.layers[0].dim - 0.7) < 1e-9)
        #expect(abs(dim.layers[1].dim - 0.85) < 1e-9)
        #expect(abs(dim.background.red - 0.15) < 1e-9 && dim.background.alpha == 1)
    }
}
