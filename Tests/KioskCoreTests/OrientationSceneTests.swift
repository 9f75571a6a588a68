import KioskCore
import Testing

@Suite("Display transform of a Scene")
struct OrientationSceneTests {
    static let logical = Size(width: 1280, height: 800)

    func scene(clip: Rect? = nil) -> Scene {
        Scene(
            outputSize: Self.logical, background: RGBA(red: 0, green: 0, blue: 0, alpha: 1),
            layers: [
                SceneLayer(
                    content: .solid(RGBA(red: 1, green: 0, blue: 0, alpha: 1)), size: Self.logical,
                    transform: .identity),
                SceneLayer(
                    content: .solid(RGBA(red: 0, green: 1, blue: 0, alpha: 1)),
                    size: Size(width: 100, height: 50),
                    transform: .translation(x: 20, y: 30), opacity: 0.5, clip: clip)
            ], isAnimating: true)
    }

    @Test("normal leaves the scene untouched")
    func normal() {
        #expect(DisplayTransform.normal.apply(to: scene()) == scene())
    }

    @Test(
        "each layer corner lands where the drawing transform puts the logical point",
        arguments: DisplayTransform.allCases)
    func corners(_ transform: DisplayTransform) throws {
        let turned = transform.apply(to: scene())
        let native = transform.nativeSize(forLogical: Self.logical)
        #expect(turned.outputSize == native)
        #expect(turned.isAnimating && turned.layers.count == 2 && turned.layers[1].opacity == 0.5)
        for p in cornersAndCentre(of: Size(width: 100, height: 50)) {
            let logicalPoint = Point(x: p.x + 20, y: p.y + 30)
            let drawn = try #require(turned.layers[1].transform.project(p))
            #expect(
                orientationClose(
                    drawn, transform.nativePoint(fromLogical: logicalPoint, nativeSize: native)))
        }
        // The full-screen layer covers the native output exactly.
        let full = cornersAndCentre(of: Self.logical).compactMap {
            turned.layers[0].transform.project($0)
        }
        #expect(
            Set(full.map { [$0.x, $0.y] }) == Set(cornersAndCentre(of: native).map { [$0.x, $0.y] })
        )
    }

    @Test(
        "a clip rectangle turns with its layer: 90 puts the logical top-left strip on the native left"
    )
    func clip() {
        let turned = DisplayTransform.rotated90.apply(
            to: scene(clip: Rect(x: 0, y: 0, width: 1280, height: 100)))
        // Native 800x1280; logical (x, y) -> native (y, 1280 - x).
        #expect(turned.layers[1].clip == Rect(x: 0, y: 0, width: 100, height: 1280))
        let upside = DisplayTransform.rotated180.apply(
            to: scene(clip: Rect(x: 10, y: 20, width: 30, height: 40)))
        #expect(upside.layers[1].clip == Rect(x: 1240, y: 740, width: 30, height: 40))
    }
}
