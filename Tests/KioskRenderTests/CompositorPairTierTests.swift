import CPixelKernels
import Glibc
import KioskCore
import Testing

@testable import KioskRender

/// The column loop on pages stored for turning (`PairLayout`), forced to each instruction-set
/// tier this machine runs, against the generic loops and against the one-pixel sampler: every
/// tier must give the same pixels, bit for bit, at every thread count.
@Suite("Compositor pair kernels, every tier")
struct CompositorPairTierTests {
    static let size = Size(width: 160, height: 96)

    static func layer(
        _ id: PageID, _ t: Matrix4, opacity: Double = 1, dim: Double = 0, size: Size = size
    ) -> SceneLayer {
        SceneLayer(content: .panel(id), size: size, transform: t, opacity: opacity, dim: dim)
    }

    /// Two faces of a cube turned `degrees` past the first, as a finger holds them.
    static func cube(_ degrees: Double, size: Size = size, opacity: Double = 1, dim: Double = 0)
        -> [SceneLayer]
    {
        let t = degrees * pi / 180
        return [
            layer(
                "a", CompositorFixtures.face(angle: -t, width: size.width, height: size.height),
                opacity: opacity, dim: dim, size: size),
            layer(
                "b",
                CompositorFixtures.face(angle: pi / 2 - t, width: size.width, height: size.height),
                opacity: opacity, dim: dim, size: size)
        ]
    }

    /// A fresh busy surface (each test stores its own for turning).
    static func busy(_ seed: UInt32, width: Int = 160, height: Int = 96) throws -> ImageBuffer {
        try CompositorFixtures.surface(width: width, height: height) { x, y in
            let r = UInt32((x * 7 + Int(seed)) & 0xFF), g = UInt32((y * 11 + x * 3) & 0xFF)
            let b = ((x / 3 + y / 5) % 2 == 0) ? UInt32(0xF0) : UInt32(0x10)
            return 0xFF00_0000 | r << 16 | g << 8 | b
        }
    }

    /// Wide enough for many 16-pixel blocks, streamed and not, in every alignment.
    static let wide = Size(width: 421, height: 67)

    /// Faces "a" and "b" of `wide`'s size, busy with the two seeds.
    static func wideFaces(_ a: UInt32, _ b: UInt32) throws -> [LayerContent: ImageBuffer] {
        [
            .panel("a"): try busy(a, width: 421, height: 67),
            .panel("b"): try busy(b, width: 421, height: 67)
        ]
    }

    static func holey() throws -> ImageBuffer {
        try CompositorFixtures.surface(width: 160, height: 96) { x, y in
            if (x / 16 + y / 16) % 3 == 0 { return 0 }
            if (x / 16 + y / 16) % 3 == 1 { return 0x8040_2010 }
            return 0xFF00_0000 | UInt32(x & 0xFF) << 16 | UInt32(y & 0xFF)
        }
    }

    @Test("every x86-64 machine has the SSE2 tier; the best tier is one the machine has")
    func tiers() {
        #if arch(x86_64)
            #expect(PairTier.sse2.isSupported)
            #expect(!PairTier.neon.isSupported)
        #elseif arch(arm64)
            #expect(PairTier.neon.isSupported)
        #endif
        #expect(PairTier.best.isSupported)
        #expect(PairTier.supported.contains(.scalar))
    }

    @Test("a layout built a slice of columns at a time holds the bytes of one built at once")
    func slicedBuild() throws {
        for width in [2, 129, PairLayout.columnsPerSlice * 2 + 1, 301] {
            let image = try Self.busy(7, width: width, height: 23)
            let whole = try #require(PairLayout(of: image))
            let sliced = try #require(PairLayout(of: image, yielding: true))
            #expect(sliced.columnBytes == whole.columnBytes && sliced.bytes == whole.bytes)
            let same = memcmp(whole.layout.base, sliced.layout.base, whole.bytes) == 0
            #expect(same, "width \(width)")
        }
    }

    @Test(
        "`run` turns the cube with the best tier on a board of 1 GB or more where it beats the row-major loop, with the row-major loop otherwise"
    )
    func runDefault() throws {
        // The variable overrides the choice; the suite leaves the process environment alone.
        try #require(getenv("KIOSK_PAIR_KERNELS") == nil)
        // Where the best tier beats the row-major loop (AVX2, SSSE3, NEON); SSE2 alone does not.
        let chosen: PairTier? = PairTier.best.beatsRowMajorLoop ? PairTier.best : nil
        #expect(PairTier.forRun(memoryBytes: 2 << 30) == chosen)
        #expect(PairTier.forRun(memoryBytes: 960 << 20) == chosen)
        #expect(PairTier.avx2.beatsRowMajorLoop && PairTier.neon.beatsRowMajorLoop)
        #expect(PairTier.ssse3.beatsRowMajorLoop && !PairTier.sse2.beatsRowMajorLoop)
        #expect(PairTier.forRun(memoryBytes: 512 << 20) == nil)
        #expect(PairTier.forRun(memoryBytes: nil) == nil)
        #expect((PairTier.physicalMemory ?? 0) > 64 << 20)
    }

    @Test(
        "each tier draws cube faces as the generic loop: angles, opacity and dim, holes, 1 to 4 threads",
        arguments: PairTier.supported)
    func cubeFaces(tier: PairTier) throws {
        let a = try Self.busy(1), b = try Self.busy(90), h = try Self.holey()
        for degrees in [3.0, 17.0, 30.0, 45.0, 70.0, 88.0] {
            for (opacity, dim) in [(1.0, 0.0), (1.0, 0.3), (0.7, 0.2)] {
                for threads in [1, 2, 4] {
                    for (first, second) in [(a, b), (h, b)] {
                        let r = try CompositorFixtures.fastVersusGeneric(
                            Self.cube(degrees, opacity: opacity, dim: dim), size: Self.size,
                            surfaces: [.panel("a"): first, .panel("b"): second], tier: tier,
                            threads: threads)
                        #expect(
                            r.worst == 0,
                            "\(tier) \(degrees)° opacity \(opacity) dim \(dim), \(threads) threads: \(r.differing) differ by up to \(r.worst)"
                        )
                    }
                }
            }
        }
    }

    @Test(
        "each tier samples surfaces of another size than the layer, down to one row, as the generic loop",
        arguments: PairTier.supported)
    func otherSizes(tier: PairTier) throws {
        for (w, h) in [(203, 117), (97, 61), (2, 96), (160, 1), (2, 1), (33, 2)] {
            let a = try Self.busy(7, width: w, height: h),
                b = try Self.busy(50, width: w, height: h)
            for degrees in [20.0, 52.0] {
                let r = try CompositorFixtures.fastVersusGeneric(
                    Self.cube(degrees), size: Self.size,
                    surfaces: [.panel("a"): a, .panel("b"): b], tier: tier)
                #expect(
                    r.worst == 0,
                    "\(tier) \(w)x\(h) at \(degrees)°: \(r.differing) differ by up to \(r.worst)")
            }
        }
    }

    @Test(
        "each tier draws a wide cube on displays turned 180° and mirrored, and through damage, as the generic loop",
        arguments: PairTier.supported)
    func turnedWideAndDamaged(tier: PairTier) throws {
        let size = Self.wide
        let surfaces = try Self.wideFaces(3, 9)
        for turn in [DisplayTransform.normal, .rotated180, .flipped, .flipped180] {
            for degrees in [11.0, 30.0, 63.0] {
                for damage in [nil, Rect(x: 13, y: 5, width: 301, height: 40)] {
                    let r = try CompositorFixtures.fastVersusGeneric(
                        Self.cube(degrees, size: size), size: size, turn: turn,
                        surfaces: surfaces, tier: tier, threads: 2, damage: damage)
                    #expect(
                        r.worst == 0,
                        "\(tier) \(turn) \(degrees)° damage \(String(describing: damage)): \(r.differing) differ by up to \(r.worst)"
                    )
                }
            }
        }
    }

    @Test(
        "each tier reads the narrower copies of a face squeezed beyond 2x through their own layouts, as the generic loop, in the tile phase",
        arguments: PairTier.supported)
    func narrowerCopies(tier: PairTier) throws {
        let size = Self.wide
        let surfaces = try Self.wideFaces(5, 17)
        let a = try #require(surfaces[.panel("a")]), b = try #require(surfaces[.panel("b")])
        a.minified = MinifiedCopies(of: a)
        b.minified = MinifiedCopies(of: b)
        for degrees in [25.0, 40.0, 63.0, 80.0] {
            // Either face in front: the squeezed face's runs claim in either order.
            for layers in [
                Self.cube(degrees, size: size), Self.cube(degrees, size: size).reversed()
            ] {
                for threads in [1, 2] {
                    let r = try CompositorFixtures.fastVersusGeneric(
                        Array(layers), size: size, surfaces: surfaces, tier: tier,
                        threads: threads)
                    #expect(
                        r.worst == 0,
                        "\(tier) \(degrees)°, \(threads) threads: \(r.differing) differ by up to \(r.worst)"
                    )
                }
            }
        }
        #expect(a.minified?.half.pairLayout != nil && a.minified?.quarter.pairLayout != nil)
        // A face with runs of the page and of both copies still goes through the tile phase, and
        // every run of it claims its pixels there, even the far run of the face at the back (the
        // first to be asked, before the run that joins it to the front face's pixels): the
        // pixels no run claims are the edges' and the background's alone, so the row phase
        // draws no face a second time.
        let scene = Scene(
            outputSize: size, background: .black, layers: Self.cube(25, size: size).reversed(),
            isAnimating: true)
        let compositor = LayerCompositor()
        compositor.pairTier = tier
        let frame = try ImageBuffer(width: 421, height: 67)
        compositor.compose(scene: scene, surfaces: { surfaces[$0] }, into: frame)
        #expect(compositor.prepaintsOccluders)
        let frameBox = PixelBox(x0: 0, y0: 0, x1: 421, y1: 67)
        var levels = Set<Int>()
        var covered = 0..<0
        for layer in Self.cube(25, size: size) {
            let plan = try #require(
                LayerPlan(layer: layer, surfaceWidth: 421, surfaceHeight: 67, limit: frameBox))
            levels.formUnion(MinifiedRuns.runs(plan.inverse, box: plan.box).map(\.level))
            let inner = SpanRasteriser.interior(plan, y: 33)
            guard !inner.isEmpty else { continue }
            covered =
                covered.isEmpty
                ? inner
                : min(
                    covered.lowerBound, inner.lowerBound)..<max(
                        covered.upperBound, inner.upperBound)
        }
        #expect(levels.count >= 2, "the 25° cube reads copies: \(levels)")
        let claimed = compositor.plannedHidden[33]
        #expect(
            claimed.lowerBound <= covered.lowerBound && claimed.upperBound >= covered.upperBound,
            "claimed \(claimed), the faces cover \(covered)")
    }

    @Test(
        "each tier's kernel gives the one-pixel sampler's pixel for any row, weight, modulation, length and alignment",
        arguments: PairTier.supported)
    func kernelAgainstSampler(tier: PairTier) throws {
        let image = try Self.busy(33, width: 37, height: 23)
        let holes = try Self.holey()
        var random = SystemRandomNumberGenerator()
        for surface in [image, holes] {
            guard let pairs = PairLayout(of: surface) else {
                Issue.record("no layout for \(surface.width)x\(surface.height)")
                return
            }
            let source = BilinearSource(
                base: UnsafePointer(surface.pixels.assumingMemoryBound(to: UInt32.self)),
                width: surface.width, height: surface.height, stridePixels: surface.stride / 4)
            let columns = 96
            let scratch = UnsafeMutableRawPointer.allocate(
                byteCount: columns * PairRun.bytesPerColumn, alignment: 16)
            defer { scratch.deallocate() }
            let target = UnsafeMutablePointer<UInt32>.allocate(capacity: columns + 16)
            defer { target.deallocate() }
            for round in 0..<40 {
                let one = 1 << fixedBits
                // u and v anywhere from a pixel before the surface to one past it, steps of
                // either sign, so the clamps and the weights 0 and 16 are all reached.
                let u = (0..<columns).map { _ in
                    Int.random(in: -one...(surface.width << fixedBits) + one, using: &random)
                }
                let v0 = (0..<columns).map { _ in
                    Int.random(in: -2 * one...(surface.height << fixedBits) + one, using: &random)
                }
                let dv = (0..<columns).map { _ in Int.random(in: -one...one, using: &random) }
                guard
                    let run = PairRun(
                        pairs: pairs, tier: tier, source: source, width: surface.width,
                        height: surface.height, x0: 0, x1: columns, scratch: scratch,
                        column: { x in
                            let (c, fx) = source.column(u[x])
                            return (v0[x], dv[x], c, fx)
                        })
                else {
                    Issue.record("no pair run")
                    return
                }
                let (colour, alpha): (UInt64, UInt64) = round % 3 == 0 ? (256, 256) : (180, 230)
                let start = Int.random(in: 0..<16, using: &random)
                let count = Int.random(in: 1...(columns - start), using: &random)
                for y in [0, 1, 5, 22, 40] {
                    _ = run.draw(
                        target, from: start, to: start + count, y: y, colour: colour, alpha: alpha)
                    for x in start..<start + count {
                        var expected = source.sample(u[x], v0[x] &+ dv[x] &* y)
                        if colour != 256 || alpha != 256 {
                            expected = modulate(expected, colour: colour, alpha: alpha)
                        }
                        #expect(
                            target[x] == expected,
                            "\(tier) x \(x) of \(start)..<\(start + count), y \(y): \(target[x]) != \(expected)"
                        )
                    }
                }
            }
        }
    }

    @Test(
        "the column loop reads the page's layout for turning while it has one, and not after a redraw"
    )
    func layoutIsRead() throws {
        let a = try Self.busy(1), b = try Self.busy(90)
        let surfaces: [LayerContent: ImageBuffer] = [.panel("a"): a, .panel("b"): b]
        let scene = Scene(
            outputSize: Self.size, background: .black, layers: Self.cube(30), isAnimating: true)
        let compositor = LayerCompositor()
        #expect(compositor.pairTier == PairTier.fromEnvironment)
        compositor.pairTier = .best
        let before = try ImageBuffer(width: 160, height: 96)
        compositor.compose(scene: scene, surfaces: { surfaces[$0] }, into: before)
        a.pairLayout = PairLayout(of: a)
        // Pixels changed behind the compositor's back: a layout read shows the old page.
        a.pixels.assumingMemoryBound(to: UInt32.self).update(
            repeating: 0xFF00_FF00, count: a.stride / 4 * a.height)
        let stale = try ImageBuffer(width: 160, height: 96)
        compositor.compose(scene: scene, surfaces: { surfaces[$0] }, into: stale)
        // Told of the change, the buffer forgets its layout and the new pixels show.
        a.markDirty()
        #expect(a.pairLayout == nil)
        let fresh = try ImageBuffer(width: 160, height: 96)
        compositor.compose(scene: scene, surfaces: { surfaces[$0] }, into: fresh)
        func differing(_ x: ImageBuffer) -> Int {
            zip(CompositorFixtures.pixels(x), CompositorFixtures.pixels(before)).filter { $0 != $1 }
                .count
        }
        // The face's interior came from the layout (the old page); only its antialiased edges,
        // sampled from the buffer itself, show the new pixels.
        #expect(differing(fresh) > 2000)
        #expect(
            differing(stale) < differing(fresh) / 20, "\(differing(stale)) of \(differing(fresh))")
    }
}
