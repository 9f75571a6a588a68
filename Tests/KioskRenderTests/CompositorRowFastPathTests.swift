import KioskCore
import Testing

@testable import KioskRender

/// The row-projective loop (`RowLineMapper`: one source row or column per output row) against
/// the generic loops pixel for pixel: vertical cube faces, top-to-bottom transitions, translucent,
/// dimmed and clipped layers, mirrored output and the horizontal cube on a display turned by 90°.
@Suite("Compositor row-projective fast path")
struct CompositorRowFastPathTests {
    static let width = CompositorFastPathTests.width
    static let height = CompositorFastPathTests.height
    static let size = CompositorFastPathTests.size

    func layer(_ id: PageID, _ t: Matrix4, opacity: Double = 1, dim: Double = 0, clip: Rect? = nil)
        -> SceneLayer
    {
        SceneLayer(
            content: .panel(id), size: Self.size, transform: t, opacity: opacity, dim: dim,
            clip: clip)
    }

    /// The line the fast loop reads per row for `layer` as `turn` shows it, or nil when the layer
    /// is not row-projective or its rows go through the generic loop.
    func line(of layer: SceneLayer, _ turn: DisplayTransform = .normal) -> RowLineMapper.Line? {
        let scene = turn.apply(
            to: Scene(outputSize: Self.size, background: .black, layers: [layer], isAnimating: true)
        )
        let limit = PixelBox(
            x0: 0, y0: 0, x1: Int(scene.outputSize.width), y1: Int(scene.outputSize.height))
        guard
            let plan = LayerPlan(
                layer: scene.layers[0], surfaceWidth: Self.width, surfaceHeight: Self.height,
                limit: limit,
                mirrored: turn.isFlipped),
            plan.kind == .rowProjective
        else { return nil }
        let pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
        defer { pixels.deallocate() }
        let source = BilinearSource(
            base: pixels, width: Self.width, height: Self.height, stridePixels: Self.width)
        return RowLineMapper(plan.inverse, y0: plan.box.y0, y1: plan.box.y1, source: source).line
    }

    /// Composes `layers` as `turn` shows them with and without the fast paths; the largest
    /// channel difference and the number of differing pixels.
    func compare(
        _ layers: [SceneLayer], _ turn: DisplayTransform = .normal,
        surfaces: [LayerContent: ImageBuffer],
        background: RGBA = .black
    ) throws -> (worst: Int, differing: Int) {
        try CompositorFixtures.fastVersusGeneric(
            layers, size: Self.size, turn: turn, surfaces: surfaces, background: background)
    }

    /// Two faces of a cube turned about a horizontal axis (`vertical`: about a vertical one).
    func cube(
        _ degrees: Double, vertical: Bool = false, opacity: Double = 1, dim: Double = 0,
        clip: Rect? = nil
    )
        -> [SceneLayer]
    {
        let t = degrees * pi / 180, w = Self.size.width, h = Self.size.height
        return [
            layer(
                "a", CompositorFixtures.face(angle: -t, width: w, height: h, horizontal: !vertical),
                opacity: opacity, dim: dim, clip: clip),
            layer(
                "b",
                CompositorFixtures.face(
                    angle: (degrees > 0 ? pi / 2 : -pi / 2) - t, width: w, height: h,
                    horizontal: !vertical),
                opacity: opacity, dim: dim, clip: clip)
        ]
    }

    @Test(
        "a vertical cube's faces read one source row per output row and match the generic loop, both senses",
        arguments: [-60.0, -30.0, -17.0, 17.0, 30.0, 45.0, 72.0])
    func verticalCube(_ degrees: Double) throws {
        let a = try CompositorFastPathTests.busy(3), b = try CompositorFastPathTests.busy(71)
        #expect(line(of: cube(degrees)[0]) == .row)
        for (opacity, dim) in [(1.0, 0.0), (1.0, 0.3), (0.5, 0.0), (0.7, 0.2)] {
            let r = try compare(
                cube(degrees, opacity: opacity, dim: dim),
                surfaces: [.panel("a"): a, .panel("b"): b])
            #expect(
                r.worst == 0,
                "\(degrees)° opacity \(opacity) dim \(dim): \(r.differing) differ by up to \(r.worst)"
            )
        }
    }

    @Test("faces with transparent parts, over a coloured background, match the generic loop")
    func holeySurfaces() throws {
        let h = try CompositorFastPathTests.holey(), b = try CompositorFastPathTests.busy(9)
        for (opacity, dim) in [(1.0, 0.0), (0.6, 0.25)] {
            let r = try compare(
                cube(25, opacity: opacity, dim: dim), surfaces: [.panel("a"): h, .panel("b"): b],
                background: RGBA(red: 0.2, green: 0.5, blue: 0.9, alpha: 1))
            #expect(r.worst == 0, "opacity \(opacity): \(r.differing) differ by up to \(r.worst)")
        }
    }

    @Test(
        "clipped row-projective faces leave the pixels outside the clip alone, as the generic loop")
    func clipped() throws {
        let a = try CompositorFastPathTests.busy(5), b = try CompositorFastPathTests.busy(50)
        for clip in [
            Rect(x: 7, y: 5, width: 101, height: 63), Rect(x: 40.5, y: -3, width: 30, height: 200)
        ] {
            for opacity in [1.0, 0.5] {
                let r = try compare(
                    cube(33, opacity: opacity, clip: clip),
                    surfaces: [.panel("a"): a, .panel("b"): b])
                #expect(
                    r.worst == 0,
                    "clip \(clip) opacity \(opacity): \(r.differing) differ by up to \(r.worst)")
            }
        }
    }

    @Test("top-to-bottom and bottom-to-top transitions compose exactly as the generic loops")
    func verticalTransitions() throws {
        let a = try CompositorFastPathTests.busy(11), b = try CompositorFastPathTests.busy(123)
        var rowLayers = 0
        for kind in TransitionKind.allCases {
            for orientation in [TransitionOrientation.topToBottom, .bottomToTop] {
                for direction in [TransitionDirection.push, .pop] {
                    for progress in [0.25, 0.5, 0.8] {
                        let frame = Transition(
                            TransitionSpec(kind: kind, orientation: orientation, duration: 0.35)
                        )
                        .frame(progress: progress, size: Self.size, direction: direction)
                        let layers = frame.sceneLayers(
                            incoming: .panel("a"), outgoing: .panel("b"), size: Self.size,
                            placement: .identity)
                        rowLayers += layers.filter { line(of: $0) != nil }.count
                        let r = try compare(layers, surfaces: [.panel("a"): a, .panel("b"): b])
                        #expect(
                            r.worst == 0,
                            "\(kind) \(orientation) \(direction) \(progress): \(r.differing) differ by up to \(r.worst)"
                        )
                    }
                }
            }
        }
        // Flips, folds, swaps, the cube and the rest tilt about a horizontal axis somewhere.
        #expect(rowLayers >= 40)
    }

    @Test(
        "a vertical cube on a mirrored or half-turned display matches the generic loop",
        arguments: [DisplayTransform.flipped, .rotated180, .flipped180])
    func mirrored(_ turn: DisplayTransform) throws {
        let a = try CompositorFastPathTests.busy(2), b = try CompositorFastPathTests.busy(99)
        for degrees in [-40.0, 30.0] {
            #expect(line(of: cube(degrees)[0], turn) == .row)
            for (opacity, dim) in [(1.0, 0.0), (0.7, 0.2)] {
                let r = try compare(
                    cube(degrees, opacity: opacity, dim: dim), turn,
                    surfaces: [.panel("a"): a, .panel("b"): b])
                #expect(
                    r.worst == 0,
                    "\(turn) \(degrees)° opacity \(opacity): \(r.differing) differ by up to \(r.worst)"
                )
            }
        }
    }

    @Test(
        "the horizontal cube on a display turned by 90° or 270° reads one source column per output row and matches the generic loop",
        arguments: [DisplayTransform.rotated90, .rotated270, .flipped90, .flipped270])
    func turnedCube(_ turn: DisplayTransform) throws {
        let a = try CompositorFastPathTests.busy(4), b = try CompositorFastPathTests.busy(66)
        let h = try CompositorFastPathTests.holey()
        for degrees in [-45.0, -17.0, 30.0, 60.0] {
            #expect(line(of: cube(degrees, vertical: true)[0], turn) == .column)
            for (opacity, dim) in [(1.0, 0.0), (1.0, 0.4), (0.5, 0.0), (0.7, 0.2)] {
                let r = try compare(
                    cube(degrees, vertical: true, opacity: opacity, dim: dim), turn,
                    surfaces: [.panel("a"): a, .panel("b"): b])
                #expect(
                    r.worst == 0,
                    "\(turn) \(degrees)° opacity \(opacity) dim \(dim): \(r.differing) differ by up to \(r.worst)"
                )
            }
        }
        let clip = Rect(x: 9, y: 4, width: 120, height: 70)
        let r = try compare(
            cube(30, vertical: true, opacity: 0.8, clip: clip), turn,
            surfaces: [.panel("a"): h, .panel("b"): b])
        #expect(
            r.worst == 0,
            "\(turn) clipped, transparent parts: \(r.differing) differ by up to \(r.worst)")
    }
}
