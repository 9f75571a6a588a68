import KioskCore
import Testing

@testable import KioskRender

/// Pages stored for turning (`PageSurfaceCache.storeForTurning`): only the faces the column loop
/// read, one page per call, freed when they stop turning or their pixels change (updated in place
/// where a small region is redrawn).
@Suite("Page surfaces stored for turning", .serialized)
struct SurfaceTurningTests {
    typealias S = SurfaceTestSupport

    static let size = Size(width: 320, height: 200)
    static let board = Panel(widgets: [
        .title(TitleWidget(text: "Departures")), .clock(ClockWidget(format: "%H:%M"))
    ])
    static let plain = Panel(widgets: [.title(TitleWidget(text: "Arrivals"))])

    /// True when `compositor` draws `scene` from `cache` as the row-major loop does, pixel for
    /// pixel (compared as a whole: a failure does not print every pixel).
    static func drawsAsRowMajor(
        _ scene: Scene, _ cache: PageSurfaceCache, _ compositor: LayerCompositor
    ) throws -> Bool {
        let drawn = try ImageBuffer(width: 320, height: 200)
        compositor.compose(scene: scene, surfaces: cache, into: drawn)
        let rowMajor = LayerCompositor()
        rowMajor.pairTier = nil
        let reference = try ImageBuffer(width: 320, height: 200)
        rowMajor.compose(scene: scene, surfaces: cache, into: reference)
        return CompositorFixtures.pixels(drawn) == CompositorFixtures.pixels(reference)
    }

    /// Pages a (the board, with its clock) and b turning (`turning()`) prepared at noon and
    /// composed once with the best tier; `a` is page a's surface.
    static func composedAtNoon() throws -> (
        cache: PageSurfaceCache, scene: Scene, compositor: LayerCompositor, a: ImageBuffer
    ) {
        let cache = S.cache(["a": Self.board, "b": Self.plain])
        let scene = Self.turning()
        _ = cache.prepare(for: scene, now: S.at(12, 0, 0))
        let compositor = LayerCompositor()
        compositor.pairTier = .best
        compositor.compose(
            scene: scene, surfaces: cache, into: try ImageBuffer(width: 320, height: 200))
        return (cache, scene, compositor, try #require(cache.surface(for: .panel("a"))))
    }

    /// Two faces of a cube turned 30° (the column loop's layers) and the flat page beside them.
    static func turning() -> Scene {
        let t = 30 * pi / 180
        func face(_ id: PageID, _ angle: Double) -> SceneLayer {
            SceneLayer(
                content: .panel(id), size: size,
                transform: CompositorFixtures.face(
                    angle: angle, width: size.width, height: size.height))
        }
        return Scene(
            outputSize: size, background: .black, layers: [face("a", -t), face("b", pi / 2 - t)],
            isAnimating: true)
    }

    @Test(
        "the faces a frame turned are stored one a call, read by the compositor, and freed when nothing turns"
    )
    func storedWhileTurning() throws {
        let cache = S.cache(["a": Self.board, "b": Self.plain, "c": Self.plain])
        let scene = Self.turning()
        _ = cache.prepare(for: scene, now: S.at(12, 0, 0))
        let flat = S.scene([S.layer(.panel("c"), size: Self.size)], output: Self.size)
        _ = cache.prepare(for: flat, now: S.at(12, 0, 0))
        _ = cache.prepare(for: scene, now: S.at(12, 0, 0))
        let compositor = LayerCompositor()
        compositor.pairTier = .best
        let target = try ImageBuffer(width: 320, height: 200)
        compositor.compose(scene: scene, surfaces: cache, into: target)
        let a = try #require(cache.surface(for: .panel("a")))
        let b = try #require(cache.surface(for: .panel("b")))
        let c = try #require(cache.surface(for: .panel("c")))
        #expect(
            compositor.turningSurfaces == [ObjectIdentifier(a): .width, ObjectIdentifier(b): .width]
        )

        #expect(cache.storeForTurning(compositor.turningSurfaces) == 1)
        #expect(cache.storeForTurning(compositor.turningSurfaces) == 1)
        // Both asked for and being built on the builder's thread: not asked for again.
        #expect(cache.storeForTurning(compositor.turningSurfaces) == 0)
        cache.waitForTurningLayouts(compositor.turningSurfaces)
        #expect(a.pairLayout != nil && b.pairLayout != nil && c.pairLayout == nil)
        // Twice the page (pairs of pixels), once per column pair, and no less.
        #expect(cache.turningBytes >= 2 * 2 * (320 - 1) * 200 * 4 / 2)
        // Beside them, each turning page's half- and quarter-size copies (a third of a page).
        #expect(a.minified != nil && b.minified != nil && c.minified == nil)
        // The copies have layouts of their own, so the loops read them as they read the page.
        for copy in [a.minified?.half, a.minified?.quarter, b.minified?.half, b.minified?.quarter] {
            #expect(copy?.pairLayout != nil)
        }
        let layouts = [
            a, b, a.minified?.half, a.minified?.quarter, b.minified?.half, b.minified?.quarter
        ]
        .reduce(0) { $0 + ($1?.pairLayout?.bytes ?? 0) }
        #expect(
            cache.turningBytes == layouts + (a.minified?.bytes ?? 0) + (b.minified?.bytes ?? 0))

        // Drawn from the layouts, the frame is the one the row-major loop draws from the same
        // pages and copies.
        #expect(try Self.drawsAsRowMajor(scene, cache, compositor))

        // A redrawn clock changes the page where the clock is: its copies and the layouts of
        // both are brought up to date there (`redrawUpdatesLayouts`), the other face's untouched.
        _ = cache.prepare(for: scene, now: S.at(12, 1, 0))
        #expect(a.pairLayout != nil && b.pairLayout != nil)
        #expect(a.minified?.half.pairLayout != nil && b.minified?.half.pairLayout != nil)
        #expect(try Self.drawsAsRowMajor(scene, cache, compositor))

        // Not settled yet (a drag back across the face at rest shows it flat for a frame):
        // nothing turns in this frame, and everything stays for the next sweep.
        let held = cache.turningBytes
        cache.storeForTurning([:], keepingOthers: true)
        #expect(cache.turningBytes == held && b.pairLayout != nil && b.minified != nil)

        // Settled: nothing turns, nothing stays stored.
        cache.storeForTurning([:])
        #expect(cache.turningBytes == 0)
        #expect(a.pairLayout == nil && b.pairLayout == nil)
    }

    @Test(
        "a layout built while its page is redrawn is never attached; the next call asks for it again"
    )
    func staleLayoutDropped() throws {
        let (cache, scene, compositor, a) = try Self.composedAtNoon()
        let turning = compositor.turningSurfaces
        #expect(turning[ObjectIdentifier(a)] == .width)
        #expect(cache.storeForTurning(turning, limit: .max) == turning.count)
        // The clock on page a is redrawn whether or not the builder has finished reading it.
        _ = cache.prepare(for: scene, now: S.at(12, 1, 0))
        cache.waitForTurningLayouts(turning)
        #expect(a.pairLayout == nil)
        // Asked for again from its new pixels, and then attached.
        #expect(cache.storeForTurning(turning, limit: .max) >= 1)
        cache.waitForTurningLayouts(turning)
        #expect(a.pairLayout != nil && a.minified?.half.pairLayout != nil)
        // What it holds is the page as it is now: drawn from it, the frame is the row-major one.
        #expect(try Self.drawsAsRowMajor(scene, cache, compositor))
        cache.storeForTurning([:])
        #expect(cache.turningBytes == 0)
    }

    @Test(
        "a clock redrawn on a turning page updates its layouts where it drew: the same layouts, the bytes of a new build, the row-major loop's frame"
    )
    func redrawUpdatesLayouts() throws {
        let (cache, scene, compositor, a) = try Self.composedAtNoon()
        let turning = compositor.turningSurfaces
        cache.storeForTurning(turning, limit: .max)
        cache.waitForTurningLayouts(turning)
        let layouts = a.turningBuffers.map(\.pairLayout)
        try #require(layouts.count == 3 && layouts.allSatisfy { $0 != nil })
        let before = try #require(PairLayout(of: a))
        // The clock's minute changes: its region is redrawn, not the page.
        _ = cache.prepare(for: scene, now: S.at(12, 1, 0))
        let fresh = try #require(PairLayout(of: a))
        #expect(!before.sameBytes(as: fresh), "the clock's pixels did not change")
        for (buffer, kept) in zip(a.turningBuffers, layouts) {
            #expect(buffer.pairLayout === kept, "a \(buffer.width)-wide layout was dropped")
            let made = try #require(PairLayout(of: buffer))
            #expect(kept?.sameBytes(as: made) == true, "a \(buffer.width)-wide layout is stale")
        }
        #expect(try Self.drawsAsRowMajor(scene, cache, compositor))
        // A region over a quarter of the page is not brought up to date on the frame's thread:
        // its layouts go (built again off it), its copies stay.
        _ = CairoContext(target: a, redrawing: Rect(x: 0, y: 0, width: 320, height: 100))
        #expect(a.pairLayout == nil && a.minified?.half.pairLayout == nil && a.minified != nil)
        cache.storeForTurning([:])
        #expect(cache.turningBytes == 0)
    }

    @Test(
        "a vertical cube's faces get half- and quarter-height copies and no column pairs; rows not squeezed beyond 2× are drawn bit for bit as from the page"
    )
    func verticalFacesStoreHeightCopies() throws {
        let cache = S.cache(["a": Self.board, "b": Self.plain])
        let t = 30 * pi / 180
        func face(_ id: PageID, _ angle: Double) -> SceneLayer {
            SceneLayer(
                content: .panel(id), size: Self.size,
                transform: CompositorFixtures.face(
                    angle: angle, width: Self.size.width, height: Self.size.height,
                    horizontal: true))
        }
        let scene = Scene(
            outputSize: Self.size, background: .black,
            layers: [face("a", t), face("b", t - pi / 2)], isAnimating: true)
        _ = cache.prepare(for: scene, now: S.at(12, 0, 0))
        let compositor = LayerCompositor()
        compositor.pairTier = .best
        let pagesOnly = try ImageBuffer(width: 320, height: 200)
        compositor.compose(scene: scene, surfaces: cache, into: pagesOnly)
        let a = try #require(cache.surface(for: .panel("a")))
        let b = try #require(cache.surface(for: .panel("b")))
        // Only the face squeezed up and down beyond 2× somewhere is worth copies.
        let turning = compositor.turningSurfaces
        #expect(turning.values.allSatisfy { $0 == .height })
        #expect(turning[ObjectIdentifier(b)] == .height || turning[ObjectIdentifier(a)] == .height)
        #expect(cache.storeForTurning(turning, limit: .max) == turning.count)
        for page in [a, b] where turning[ObjectIdentifier(page)] != nil {
            #expect(page.minified?.axis == .height && page.pairLayout == nil)
            #expect(page.minified?.half.height == (200 + 1) / 2 && page.minified?.half.width == 320)
        }
        let copies = try ImageBuffer(width: 320, height: 200)
        compositor.compose(scene: scene, surfaces: cache, into: copies)
        // Rows that differ: some (the squeezed ones), and not all.
        let changed = (0..<200).filter { y in
            (0..<320).contains { copies.pixel(x: $0, y: y) != pagesOnly.pixel(x: $0, y: y) }
        }
        #expect(!changed.isEmpty && changed.count < 200)
        compositor.readsNarrowerCopies = false
        let again = try ImageBuffer(width: 320, height: 200)
        compositor.compose(scene: scene, surfaces: cache, into: again)
        #expect(CompositorFixtures.pixels(again) == CompositorFixtures.pixels(pagesOnly))
        cache.storeForTurning([:])
        #expect(cache.turningBytes == 0 && a.minified == nil && b.minified == nil)
    }
}
