import KioskCore
import Testing

@testable import KioskRender

/// Every specialised loop (column, scale, copy, constant-alpha blending, occlusion) against the
/// generic loops on the same input: the compositor promises identical pixels.
@Suite("Compositor fast paths")
struct CompositorFastPathTests {
    static let width = 160
    static let height = 96
    static let size = Size(width: Double(width), height: Double(height))

    /// A busy opaque surface: gradients and a fine pattern, so any sampling difference shows.
    static func busy(_ seed: UInt32) throws -> ImageBuffer {
        try CompositorFixtures.surface(width: width, height: height) { x, y in
            let r = UInt32((x * 7 + Int(seed)) & 0xFF), g = UInt32((y * 11 + x * 3) & 0xFF)
            let b = ((x / 3 + y / 5) % 2 == 0) ? UInt32(0xF0) : UInt32(0x10)
            return 0xFF00_0000 | r << 16 | g << 8 | b
        }
    }

    /// A surface with transparent and half-transparent (premultiplied) parts.
    static func holey() throws -> ImageBuffer {
        try CompositorFixtures.surface(width: width, height: height) { x, y in
            if (x / 16 + y / 16) % 3 == 0 { return 0 }
            if (x / 16 + y / 16) % 3 == 1 { return 0x8040_2010 }
            return 0xFF00_0000 | UInt32(x & 0xFF) << 16 | UInt32(y & 0xFF)
        }
    }

    /// Composes with and without the fast paths; returns the largest channel difference and the
    /// number of differing pixels.
    func compare(
        _ layers: [SceneLayer], surfaces: [LayerContent: ImageBuffer], background: RGBA = .black
    ) throws
        -> (worst: Int, differing: Int)
    {
        try CompositorFixtures.fastVersusGeneric(
            layers, size: Self.size, surfaces: surfaces, background: background)
    }

    func layer(_ id: PageID, _ t: Matrix4, opacity: Double = 1, dim: Double = 0, clip: Rect? = nil)
        -> SceneLayer
    {
        SceneLayer(
            content: .panel(id), size: Self.size, transform: t, opacity: opacity, dim: dim,
            clip: clip)
    }

    @Test(
        "the column loop draws cube faces exactly as the generic loop, opaque, dimmed and translucent",
        arguments: [(1.0, 0.0), (1.0, 0.3), (0.5, 0.0), (0.7, 0.2)])
    func columnLoop(opacity: Double, dim: Double) throws {
        let a = try Self.busy(1), b = try Self.busy(90), h = try Self.holey()
        for degrees in [17.0, 30.0, 45.0, 70.0] {
            let t = degrees * pi / 180
            let front = layer(
                "a",
                CompositorFixtures.face(
                    angle: -t, width: Self.size.width, height: Self.size.height), opacity: opacity,
                dim: dim)
            let next = layer(
                "b",
                CompositorFixtures.face(
                    angle: pi / 2 - t, width: Self.size.width, height: Self.size.height),
                opacity: opacity, dim: dim)
            #expect(
                LayerCompositor.transformClass(
                    of: front, surfaceWidth: Self.width, surfaceHeight: Self.height)
                    == .columnProjective)
            let r = try compare([front, next], surfaces: [.panel("a"): a, .panel("b"): b])
            #expect(r.worst == 0, "\(degrees)°: \(r.differing) pixels differ by up to \(r.worst)")
            let holes = try compare([front, next], surfaces: [.panel("a"): h, .panel("b"): b])
            #expect(
                holes.worst == 0,
                "\(degrees)° with transparent parts: \(holes.differing) differ by up to \(holes.worst)"
            )
        }
    }

    @Test(
        "the scale loop draws slides and zooms exactly as the generic loop, on and between source rows"
    )
    func scaleLoop() throws {
        let a = try Self.busy(3), h = try Self.holey()
        let transforms: [Matrix4] = [
            .translation(x: 10.5, y: 0),  // on source rows
            .translation(x: -20.25, y: 3.5),  // between rows
            .scale(x: 0.5, y: 0.5).then(.translation(x: 40.3, y: 20.7)),  // minified
            .scale(x: 1.5, y: 1.5).then(.translation(x: -40, y: -24.2)),  // magnified
            .scale(x: 1.3, y: 0.8).then(.translation(x: 5.1, y: 9))
        ]
        for t in transforms {
            #expect(
                LayerCompositor.transformClass(
                    of: layer("a", t), surfaceWidth: Self.width, surfaceHeight: Self.height)
                    == .scaleTranslate)
            for (opacity, dim) in [(1.0, 0.0), (0.5, 0.0), (0.8, 0.4)] {
                for surface in [a, h] {
                    let r = try compare(
                        [layer("b", .identity), layer("a", t, opacity: opacity, dim: dim)],
                        surfaces: [.panel("a"): surface, .panel("b"): try Self.busy(200)])
                    #expect(
                        r.worst == 0,
                        "\(t) opacity \(opacity) dim \(dim): \(r.differing) differ by up to \(r.worst)"
                    )
                }
            }
        }
    }

    @Test(
        "translucent scaled layers over a coloured background, beside and over each other, match the generic loop"
    )
    func scaledOverBackground() throws {
        let a = try Self.busy(3), b = try Self.busy(90), h = try Self.holey()
        let centre = Matrix4.translation(x: -80, y: -48)
        func about(_ s: Double, _ dx: Double = 0) -> Matrix4 {
            centre.then(.scale(x: s, y: s)).then(.translation(x: 80 + dx, y: 48))
        }
        let backgrounds = [
            RGBA(red: 0.2, green: 0.5, blue: 0.9, alpha: 1),
            RGBA(red: 1, green: 0, blue: 0.3, alpha: 0.6)
        ]
        let pairs: [(Matrix4, Matrix4)] = [
            (about(0.5), about(1.5)),  // the ghost transition halfway
            (about(0.7, -40.3), about(0.6, 45.2)),  // side by side, partly overlapping
            (about(1.25), about(0.5)),  // the large one behind
            (.translation(x: 0.5, y: 0.25), about(0.8))
        ]
        for background in backgrounds {
            for (back, front) in pairs {
                for (o1, o2, dim) in [(0.5, 0.5, 0.0), (0.3, 0.8, 0.25), (1.0, 0.5, 0.0)] {
                    for surface in [a, h] {
                        let r = try compare(
                            [
                                layer("a", back, opacity: o1, dim: dim),
                                layer("b", front, opacity: o2)
                            ],
                            surfaces: [.panel("a"): surface, .panel("b"): b], background: background
                        )
                        #expect(
                            r.worst == 0,
                            "\(back) under \(front), \(o1)/\(o2): \(r.differing) differ by up to \(r.worst)"
                        )
                    }
                }
            }
        }
    }

    @Test("whole-pixel translations copy and blend exactly as the generic loop")
    func copyLoop() throws {
        let a = try Self.busy(5), b = try Self.busy(77), h = try Self.holey()
        for (opacity, dim) in [(1.0, 0.0), (0.5, 0.0), (0.3, 0.5)] {
            for surface in [a, h] {
                let r = try compare(
                    [
                        layer("b", .identity, opacity: 0.5),
                        layer("a", .translation(x: 13, y: -7), opacity: opacity, dim: dim)
                    ],
                    surfaces: [.panel("a"): surface, .panel("b"): b])
                #expect(
                    r.worst == 0,
                    "opacity \(opacity) dim \(dim): \(r.differing) differ by up to \(r.worst)")
            }
        }
    }

    @Test(
        "an opaque layer over another hides it without changing a pixel; a transparent one hides nothing"
    )
    func occlusion() throws {
        let a = try Self.busy(9), b = try Self.busy(150), h = try Self.holey()
        let left = Rect(x: 0, y: 0, width: 80, height: 96),
            right = Rect(x: 80, y: 0, width: 80, height: 96)
        let t = 45 * pi / 180
        let c = Point(x: 80, y: 48)
        func turned(_ angle: Double) -> Matrix4 {
            Matrix4.translation(x: -c.x, y: -c.y).then(.rotationY(angle)).then(
                .translation(x: c.x, y: c.y)
            )
            .then(.perspective(eyeDistance: 300, center: c))
        }
        // Cross: each page drawn twice, clipped to a half, the nearer one in front on each half.
        let cross = [
            layer("a", turned(t), clip: left), layer("b", turned(-t), clip: left),
            layer("b", turned(-t), clip: right), layer("a", turned(t), clip: right)
        ]
        for (first, second) in [(a, b), (h, b), (a, h)] {
            let r = try compare(cross, surfaces: [.panel("a"): first, .panel("b"): second])
            #expect(r.worst == 0, "\(r.differing) differ by up to \(r.worst)")
        }
        // Stacked and overlapping layers of several classes, with a solid between them.
        let stack = [
            layer("b", .identity),
            SceneLayer(
                content: .solid(RGBA(red: 0.2, green: 0.4, blue: 0.6)), size: Self.size,
                transform: .scale(x: 0.5, y: 1)),
            layer("a", .scale(x: 0.7, y: 0.7).then(.translation(x: 30.5, y: 10))),
            layer("a", CompositorFixtures.face(angle: 0.3, width: 160, height: 96))
        ]
        for surface in [a, h] {
            let r = try compare(
                stack, surfaces: [.panel("a"): surface, .panel("b"): b],
                background: RGBA(red: 1, green: 0, blue: 0))
            #expect(r.worst == 0, "\(r.differing) differ by up to \(r.worst)")
        }
    }

    @Test("all 16 transitions halfway compose exactly as the generic loops, pushing and popping")
    func transitions() throws {
        let a = try Self.busy(11), b = try Self.busy(123)
        for kind in TransitionKind.allCases {
            for direction in [TransitionDirection.push, .pop] {
                for progress in [0.25, 0.5] {
                    let frame = Transition(
                        TransitionSpec(kind: kind, orientation: .rightToLeft, duration: 0.35)
                    )
                    .frame(progress: progress, size: Self.size, direction: direction)
                    let layers = frame.sceneLayers(
                        incoming: .panel("a"), outgoing: .panel("b"), size: Self.size,
                        placement: .identity)
                    let r = try compare(layers, surfaces: [.panel("a"): a, .panel("b"): b])
                    #expect(
                        r.worst == 0,
                        "\(kind) \(direction) \(progress): \(r.differing) differ by up to \(r.worst)"
                    )
                }
            }
        }
    }

    @Test("a clip or damage rect that cuts through a fast run leaves the pixels outside it alone")
    func damageThroughFastRuns() throws {
        let a = try Self.busy(21), b = try Self.busy(61)
        let layers = [
            layer("a", CompositorFixtures.face(angle: -0.5, width: 160, height: 96)),
            layer("b", .scale(x: 0.6, y: 0.6).then(.translation(x: 20.5, y: 10.25)), opacity: 0.6)
        ]
        let scene = Scene(
            outputSize: Self.size, background: .white, layers: layers, isAnimating: true)
        let surfaces: [LayerContent: ImageBuffer] = [.panel("a"): a, .panel("b"): b]
        let full = try ImageBuffer(width: Self.width, height: Self.height)
        let partial = try CompositorFixtures.surface(width: Self.width, height: Self.height) {
            _, _ in 0xFF12_3456
        }
        let compositor = LayerCompositor()
        compositor.compose(scene: scene, surfaces: { surfaces[$0] }, into: full)
        let damage = Rect(x: 37, y: 11, width: 53, height: 40)
        compositor.compose(scene: scene, surfaces: { surfaces[$0] }, into: partial, damage: damage)
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                let inside = damage.contains(Point(x: Double(x), y: Double(y)))
                #expect(
                    partial.pixel(x: x, y: y) == (inside ? full.pixel(x: x, y: y) : 0xFF12_3456),
                    "(\(x), \(y))")
            }
        }
    }
}
