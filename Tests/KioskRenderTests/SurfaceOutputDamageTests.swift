import KioskCore
@testable import KioskRender
import Testing

@Suite("Output damage")
struct SurfaceOutputDamageTests {
    typealias S = SurfaceTestSupport
    static let output = Rect(x: 0, y: 0, width: 1280, height: 800)
    static let page = Size(width: 300, height: 200)

    @Test("identical scenes without surface damage need no drawing")
    func identical() {
        let scene = S.scene([
            S.layer(.panel("a"), size: Self.page, x: 10, y: 20),
            S.layer(.solid(RGBA(red: 1, green: 1, blue: 1)), size: Self.page)
        ])
        let damage = OutputDamage(
            previous: scene, current: scene, surfaceDamage: [:], surfaceScale: 1)
        #expect(damage.isEmpty)
        #expect(damage.bounds == nil)
        #expect(
            OutputDamage(
                previous: scene, current: scene,
                surfaceDamage: [.panel("zzz"): [Rect(x: 0, y: 0, width: 5, height: 5)]],
                surfaceScale: 1
            ).isEmpty)
    }

    @Test("no previous scene, a new output size or background damages the whole output")
    func whole() {
        let scene = S.scene([S.layer(.panel("a"), size: Self.page)])
        #expect(
            OutputDamage(previous: nil, current: scene, surfaceDamage: [:], surfaceScale: 1).rects
                == [Self.output])
        var other = scene
        other.background = RGBA(red: 0.5, green: 0, blue: 0)
        #expect(
            OutputDamage(previous: other, current: scene, surfaceDamage: [:], surfaceScale: 1).rects
                == [Self.output])
        let smaller = S.scene(
            [S.layer(.panel("a"), size: Self.page)], output: Size(width: 640, height: 480))
        #expect(
            OutputDamage(previous: scene, current: smaller, surfaceDamage: [:], surfaceScale: 1)
                .rects == [Rect(x: 0, y: 0, width: 640, height: 480)])
    }

    @Test("a clock tick on a translated layer damages exactly the clock rect in output pixels")
    func clockOnly() throws {
        let cache = S.cache(["board": SurfaceCacheTests.clockPanel], scale: 2)
        let size = SurfaceCacheTests.size
        let scene = S.scene(
            [S.layer(.panel("board"), size: size, x: 100, y: 50, scale: 2)],
            output: Size(width: 1600, height: 1000))
        _ = cache.prepare(for: scene, now: S.at(12, 0, 10))
        let update = cache.prepare(for: scene, now: S.at(12, 1, 0))
        let damage = OutputDamage(
            previous: scene, current: scene, surfaceDamage: update.damage, surfaceScale: cache.scale
        )
        let clock = try #require(
            cache.renderer.layout(panel: SurfaceCacheTests.clockPanel, size: size, theme: .standard)
                .dynamicRegions.first)
        #expect(damage.rects == [S.scaled(clock.rect, 2).offsetBy(dx: 100, dy: 50)])
    }

    @Test("a moved layer damages the union of its old and new bounds")
    func moved() {
        let before = S.scene([S.layer(.panel("a"), size: Self.page, x: 10, y: 20)])
        let after = S.scene([S.layer(.panel("a"), size: Self.page, x: 60, y: 20)])
        #expect(
            OutputDamage(previous: before, current: after, surfaceDamage: [:], surfaceScale: 1)
                .rects == [Rect(x: 10, y: 20, width: 350, height: 200)])
        let far = S.scene([S.layer(.panel("a"), size: Self.page, x: 900, y: 500)])
        let apart = OutputDamage(
            previous: before, current: far, surfaceDamage: [:], surfaceScale: 1)
        #expect(
            apart.rects == [
                Rect(x: 900, y: 500, width: 300, height: 200),
                Rect(x: 10, y: 20, width: 300, height: 200)
            ])
        #expect(apart.bounds == Rect(x: 10, y: 20, width: 1190, height: 680))
    }

    @Test(
        "an opacity change damages the layer's bounds; an appearing layer its new bounds; unchanged layers only their surface damage"
    )
    func changedLayers() {
        let a = S.layer(.panel("a"), size: Self.page, x: 0, y: 0)
        let b = S.layer(.panel("b"), size: Self.page, x: 400, y: 0)
        var fading = b
        fading.opacity = 0.5
        let d1 = OutputDamage(
            previous: S.scene([a, b]), current: S.scene([a, fading]), surfaceDamage: [:],
            surfaceScale: 1)
        #expect(d1.rects == [Rect(x: 400, y: 0, width: 300, height: 200)])
        let c = S.layer(.panel("c"), size: Self.page, x: 0, y: 500)
        let d2 = OutputDamage(
            previous: S.scene([a]), current: S.scene([a, c]),
            surfaceDamage: [.panel("a"): [Rect(x: 5, y: 6, width: 7, height: 8)]], surfaceScale: 1)
        #expect(
            d2.rects == [
                Rect(x: 5, y: 6, width: 7, height: 8), Rect(x: 0, y: 500, width: 300, height: 200)
            ])
        var invisible = c
        invisible.opacity = 0
        #expect(
            OutputDamage(
                previous: S.scene([a]), current: S.scene([a, invisible]), surfaceDamage: [:],
                surfaceScale: 1
            ).isEmpty)
    }

    @Test("a layer's clip limits its damage")
    func clipped() {
        var a = S.layer(.panel("a"), size: Self.page, x: 0, y: 0)
        a.clip = Rect(x: 0, y: 0, width: 100.5, height: 50)
        var moved = a
        moved.transform = .translation(x: 20, y: 0)
        #expect(
            OutputDamage(
                previous: S.scene([a]), current: S.scene([moved]), surfaceDamage: [:],
                surfaceScale: 1
            ).rects == [Rect(x: 0, y: 0, width: 101, height: 50)])
    }

    @Test(
        "reordered layers, a quad behind the eye or damage over half the output repaint everything")
    func fullOutput() {
        let a = S.layer(.panel("a"), size: Self.page, x: 0, y: 0)
        let b = S.layer(.panel("b"), size: Self.page, x: 100, y: 0)
        #expect(
            OutputDamage(
                previous: S.scene([a, b]), current: S.scene([b, a]), surfaceDamage: [:],
                surfaceScale: 1
            ).rects == [Self.output])
        var behind = a
        behind.transform[3, 2] = 0
        behind.transform[3, 3] = -1
        #expect(
            OutputDamage(
                previous: S.scene([a]), current: S.scene([behind]), surfaceDamage: [:],
                surfaceScale: 1
            ).rects == [Self.output])
        let big = S.layer(.panel("big"), size: Size(width: 1000, height: 700))
        var bigMoved = big
        bigMoved.transform = .translation(x: 10, y: 0)
        #expect(
            OutputDamage(
                previous: S.scene([big]), current: S.scene([bigMoved]), surfaceDamage: [:],
                surfaceScale: 1
            ).rects == [Self.output])
    }

    @Test(
        "surface damage under a scaled or rotated layer grows by one surface pixel and rounds outward"
    )
    func transformedSurfaceDamage() {
        let part = Rect(x: 10, y: 10, width: 20, height: 10)
        let magnified = S.layer(.panel("a"), size: Self.page, x: 100, y: 100, scale: 2)
        let d1 = OutputDamage(
            previous: S.scene([magnified]), current: S.scene([magnified]),
            surfaceDamage: [.panel("a"): [part]], surfaceScale: 1)
        // (9, 9)–(31, 21) at 2x plus (100, 100).
        #expect(d1.rects == [Rect(x: 118, y: 118, width: 44, height: 24)])
        let half = S.layer(.panel("a"), size: Self.page, x: 100.5, y: 100)
        let d2 = OutputDamage(
            previous: S.scene([half]), current: S.scene([half]),
            surfaceDamage: [.panel("a"): [part]], surfaceScale: 1)
        #expect(d2.rects == [Rect(x: 109, y: 109, width: 23, height: 12)])
        let quarter = SceneLayer(
            content: .panel("a"), size: Self.page,
            transform: Matrix4.rotationZ(pi / 2).then(.translation(x: 500, y: 0)))
        let d3 = OutputDamage(
            previous: S.scene([quarter]), current: S.scene([quarter]),
            surfaceDamage: [.panel("a"): [part]], surfaceScale: 1)
        // Rotated a quarter turn clockwise: (x, y) -> (500 - y, x).
        #expect(d3.rects == [Rect(x: 479, y: 9, width: 12, height: 22)])
    }

    @Test("a rotated layer that moves damages its projected bounds grown by two pixels")
    func rotatedMove() {
        let spin = Matrix4.translation(x: -150, y: -100).then(.rotationZ(pi / 4)).then(
            .translation(x: 640, y: 400))
        let a = SceneLayer(content: .panel("a"), size: Self.page, transform: spin)
        var b = a
        b.opacity = 0.9
        let d = OutputDamage(
            previous: S.scene([a]), current: S.scene([b]), surfaceDamage: [:], surfaceScale: 1)
        // Half-diagonal extent: (150 + 100) / √2 ≈ 176.78 either side of the centre.
        #expect(d.rects == [Rect(x: 461, y: 221, width: 358, height: 358)])
    }
}
