import KioskCore
import Testing

@testable import KioskRender

/// The fast paths on a turned display (`DisplayTransform.apply(to:)`): mirrored and transposed
/// page copies, the cube's columns read bottom to top, all against the generic loops pixel for
/// pixel, as `CompositorFastPathTests` does upright.
@Suite("Compositor fast paths on a turned display")
struct CompositorTurnedFastPathTests {
    static let size = Size(
        width: Double(CompositorFastPathTests.width), height: Double(CompositorFastPathTests.height)
    )

    func layer(_ id: PageID, _ t: Matrix4, opacity: Double = 1, dim: Double = 0, clip: Rect? = nil)
        -> SceneLayer
    {
        SceneLayer(
            content: .panel(id), size: Self.size, transform: t, opacity: opacity, dim: dim,
            clip: clip)
    }

    /// Composes `layers` turned by `turn` with and without the fast paths; the largest channel
    /// difference and the number of differing pixels.
    func compare(
        _ layers: [SceneLayer], _ turn: DisplayTransform, surfaces: [LayerContent: ImageBuffer]
    ) throws
        -> (worst: Int, differing: Int)
    {
        try CompositorFixtures.fastVersusGeneric(
            layers, size: Self.size, turn: turn, surfaces: surfaces)
    }

    @Test(
        "pages turned or mirrored are whole-pixel copies and match the generic loop, opaque, translucent, dimmed and clipped",
        arguments: DisplayTransform.allCases)
    func pages(_ turn: DisplayTransform) throws {
        let a = try CompositorFastPathTests.busy(5), b = try CompositorFastPathTests.busy(77)
        let h = try CompositorFastPathTests.holey()
        let page = turn.apply(
            to: Scene(
                outputSize: Self.size, background: .black, layers: [layer("a", .identity)],
                isAnimating: false))
        #expect(
            LayerCompositor.transformClass(
                of: page.layers[0], surfaceWidth: CompositorFastPathTests.width,
                surfaceHeight: CompositorFastPathTests.height,
                mirrored: turn.isFlipped) == .translation)
        for (opacity, dim) in [(1.0, 0.0), (0.5, 0.0), (0.3, 0.5), (1.0, 0.4)] {
            for surface in [a, h] {
                let layers = [
                    layer("b", .identity, opacity: 0.5),
                    layer(
                        "a", .translation(x: 13, y: -7), opacity: opacity, dim: dim,
                        clip: Rect(x: 5, y: 3, width: 120, height: 77))
                ]
                let r = try compare(layers, turn, surfaces: [.panel("a"): surface, .panel("b"): b])
                #expect(
                    r.worst == 0,
                    "\(turn) opacity \(opacity) dim \(dim): \(r.differing) differ by up to \(r.worst)"
                )
            }
        }
        let opaque = try compare([layer("a", .identity)], turn, surfaces: [.panel("a"): a])
        #expect(
            opaque.worst == 0,
            "\(turn) opaque page: \(opaque.differing) differ by up to \(opaque.worst)")
    }

    @Test(
        "cube faces on a display turned 180° or flipped stay column-projective and match the generic loop",
        arguments: [DisplayTransform.rotated180, .flipped, .flipped180])
    func cube(_ turn: DisplayTransform) throws {
        let a = try CompositorFastPathTests.busy(1), b = try CompositorFastPathTests.busy(90)
        let w = Self.size.width, hgt = Self.size.height
        for degrees in [17.0, 30.0, 45.0] {
            let t = degrees * pi / 180
            for (opacity, dim) in [(1.0, 0.0), (0.7, 0.2)] {
                let layers = [
                    layer(
                        "a", CompositorFixtures.face(angle: -t, width: w, height: hgt),
                        opacity: opacity, dim: dim),
                    layer(
                        "b", CompositorFixtures.face(angle: pi / 2 - t, width: w, height: hgt),
                        opacity: opacity, dim: dim)
                ]
                let turned = turn.apply(
                    to: Scene(
                        outputSize: Self.size, background: .black, layers: layers, isAnimating: true
                    ))
                #expect(
                    LayerCompositor.transformClass(
                        of: turned.layers[0], surfaceWidth: CompositorFastPathTests.width,
                        surfaceHeight: CompositorFastPathTests.height, mirrored: turn.isFlipped)
                        == .columnProjective)
                let r = try compare(layers, turn, surfaces: [.panel("a"): a, .panel("b"): b])
                #expect(
                    r.worst == 0,
                    "\(turn) \(degrees)° opacity \(opacity): \(r.differing) differ by up to \(r.worst)"
                )
            }
        }
    }
}
