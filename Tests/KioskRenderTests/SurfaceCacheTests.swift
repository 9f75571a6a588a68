import Glibc
import KioskCore
@testable import KioskRender
import Testing

@Suite("Page surface cache", .serialized)
struct SurfaceCacheTests {
    typealias S = SurfaceTestSupport

    static let clockPanel = Panel(widgets: [
        .title(TitleWidget(text: "Departures")), .clock(ClockWidget(format: "%H:%M")),
        .list(ListWidget(rows: [ListRow(label: "Platform 1", action: .home)]))
    ])
    static let size = Size(width: 640, height: 400)

    @Test(
        "a minute clock redraws nothing within the minute and only its own rect at the next minute")
    func minuteClock() throws {
        let cache = S.cache(["board": Self.clockPanel], scale: 2)
        let scene = S.scene([S.layer(.panel("board"), size: Self.size, scale: 2)])
        let first = cache.prepare(for: scene, now: S.at(12, 0, 10))
        #expect(first.rasterised == [.panel("board")])
        #expect(first.damage == [.panel("board"): [Rect(x: 0, y: 0, width: 1280, height: 800)]])

        let sameMinute = cache.prepare(for: scene, now: S.at(12, 0, 40))
        #expect(sameMinute.isEmpty)
        #expect(sameMinute.rasterised.isEmpty)

        let nextMinute = cache.prepare(for: scene, now: S.at(12, 1, 0))
        let layout = cache.renderer.layout(
            panel: Self.clockPanel, size: Self.size, theme: .standard)
        let clock = try #require(layout.dynamicRegions.first)
        #expect(nextMinute.damage == [.panel("board"): [S.scaled(clock.rect, 2)]])
        #expect(nextMinute.rasterised.isEmpty)
        #expect(nextMinute.dirtyParts(scale: 2) == [.panel("board"): clock.rect])
        let whole: [LayerContent: Rect?] = [.panel("board"): Rect?.none]
        #expect(first.dirtyParts(scale: 2) == whole)
    }

    @Test("after a partial redraw the surface equals a fresh render of the panel at that time")
    func partialRedrawMatchesFreshRender() throws {
        let cache = S.cache(["board": Self.clockPanel], scale: 2)
        let scene = S.scene([S.layer(.panel("board"), size: Self.size, scale: 2)])
        _ = cache.prepare(for: scene, now: S.at(12, 0, 10))
        let before = try #require(cache.surface(for: .panel("board")))
        let update = cache.prepare(for: scene, now: S.at(12, 1, 0))
        #expect(update.rasterised.isEmpty && !update.isEmpty)
        let surface = try #require(cache.surface(for: .panel("board")))
        #expect(surface === before)
        let fresh = try cache.renderer.render(
            panel: Self.clockPanel, size: Self.size, scale: 2, theme: .standard,
            context: RenderContext(now: S.at(12, 1, 0), readFile: { _ in nil }))
        #expect(S.differingPixels(surface, fresh) == 0)
    }

    @Test("a seconds clock damages its rect every second but not twice within one second")
    func secondsClock() throws {
        let panel = Panel(widgets: [.clock(ClockWidget(format: "%H:%M:%S"))])
        let cache = S.cache(["c": panel])
        let scene = S.scene([S.layer(.panel("c"), size: Self.size)])
        _ = cache.prepare(for: scene, now: S.at(12, 0, 10))
        let region = try #require(
            cache.renderer.layout(panel: panel, size: Self.size, theme: .standard).dynamicRegions
                .first)
        for second in 11...13 {
            let update = cache.prepare(for: scene, now: S.at(12, 0, Double(second)))
            #expect(update.damage == [.panel("c"): [region.rect]])
        }
        #expect(cache.prepare(for: scene, now: S.at(12, 0, 13.7)).isEmpty)
    }

    @Test(
        "the next clock deadline is the next minute for minute clocks, the next second with seconds, none without clocks"
    )
    func clockDeadline() {
        let seconds = Panel(widgets: [.clock(ClockWidget(format: "%-S s"))])
        let plain = Panel(widgets: [.title(TitleWidget(text: "No clock"))])
        let cache = S.cache(["board": Self.clockPanel, "sec": seconds, "plain": plain])
        let now = S.at(12, 0, 10.25)
        #expect(cache.nextClockDeadline(now: now) == nil)
        _ = cache.prepare(for: S.scene([S.layer(.panel("board"), size: Self.size)]), now: now)
        #expect(cache.nextClockDeadline(now: now) == S.at(12, 1, 0))
        _ = cache.prepare(
            for: S.scene([
                S.layer(.panel("board"), size: Self.size), S.layer(.panel("sec"), size: Self.size)
            ]), now: now)
        #expect(cache.nextClockDeadline(now: now) == S.at(12, 0, 11))
        _ = cache.prepare(for: S.scene([S.layer(.panel("plain"), size: Self.size)]), now: now)
        #expect(cache.nextClockDeadline(now: now) == nil)
    }

    @Test(
        "a file value is redrawn when its file is rewritten and not otherwise; unchanged old files are only stat'ed"
    )
    func fileValue() throws {
        let path = "\(TestFixtures.directory)/surface-temp.txt"
        TestFixtures.write("21.5\n", to: path)
        S.age(path, by: 3600)
        let counter = ReadCounter()
        let panel = Panel(widgets: [
            .fileValue(FileValueWidget(label: "Hall", path: path, unit: "°C"))
        ])
        let cache = S.cache(["t": panel], readFile: counter.read)
        let scene = S.scene([S.layer(.panel("t"), size: Self.size)])
        let first = cache.prepare(for: scene, now: S.at(12, 0, 0))
        #expect(first.rasterised == [.panel("t")])
        #expect(counter.reads == [path])
        #expect(cache.watchedFiles == [path])

        #expect(cache.prepare(for: scene, now: S.at(12, 0, 1)).isEmpty)
        #expect(cache.prepare(for: scene, now: S.at(12, 0, 2)).isEmpty)
        #expect(counter.reads.count == 1)

        // Same size, new value: the stamp's mtime moves.
        TestFixtures.write("22.0\n", to: path)
        let region = try #require(
            cache.renderer.layout(panel: panel, size: Self.size, theme: .standard).dynamicRegions
                .first)
        let changed = cache.prepare(for: scene, now: S.at(12, 0, 3))
        #expect(changed.damage == [.panel("t"): [region.rect]])
        #expect(counter.reads.count == 2)
        // Recently written files are read again (a same-tick rewrite keeps the stamp) but an equal
        // value damages nothing.
        #expect(cache.prepare(for: scene, now: S.at(12, 0, 4)).isEmpty)

        let surface = try #require(cache.surface(for: .panel("t")))
        let fresh = try cache.renderer.render(
            panel: panel, size: Self.size, scale: 1, theme: .standard,
            context: RenderContext(now: S.at(12, 0, 4), readFile: { $0 == path ? "22.0\n" : nil }))
        #expect(S.differingPixels(surface, fresh) == 0)

        unlink(path)
        let removed = cache.prepare(for: scene, now: S.at(12, 0, 5))
        #expect(removed.damage == [.panel("t"): [region.rect]])
    }

    @Test(
        "the byte budget evicts the least recently used page not on screen and never a visible one")
    func budget() {
        let panels: [PageID: Panel] = [
            "a": Panel(widgets: []), "b": Panel(widgets: []), "c": Panel(widgets: [])
        ]
        let small = Size(width: 200, height: 100)
        let bytes = 200 * 4 * 100
        let cache = S.cache(panels, byteBudget: 2 * bytes)
        func show(_ ids: [PageID]) {
            _ = cache.prepare(
                for: S.scene(ids.map { S.layer(.panel($0), size: small) }), now: S.at(12, 0, 0))
        }
        show(["a"])
        show(["b"])
        #expect(cache.cachedContents == [.panel("a"), .panel("b")])
        show(["c"])
        #expect(cache.cachedContents == [.panel("b"), .panel("c")])
        #expect(cache.memoryBytes == 2 * bytes)
        show(["a", "b"])
        #expect(cache.cachedContents == [.panel("a"), .panel("b")])
        show(["a", "b", "c"])
        #expect(cache.cachedContents == [.panel("a"), .panel("b"), .panel("c")])
        #expect(cache.memoryBytes == 3 * bytes)
    }

    @Test(
        "pages unused for more than the retained prepares are dropped; chrome only lives while on screen"
    )
    func retention() {
        let panels: [PageID: Panel] = ["a": Panel(widgets: []), "b": Panel(widgets: [])]
        let cache = S.cache(panels, retainedPrepares: 2)
        let size = Size(width: 200, height: 100)
        let tabs = LayerContent.chrome(
            .tabBar(titles: ["A", "B"], highlight: TabHighlight(selected: 0)))
        _ = cache.prepare(
            for: S.scene([
                S.layer(.panel("a"), size: size), S.layer(tabs, size: Size(width: 200, height: 60))
            ]), now: S.at(12, 0, 0))
        #expect(cache.cachedContents == [.panel("a"), tabs])
        let onlyB = S.scene([S.layer(.panel("b"), size: size)])
        _ = cache.prepare(for: onlyB, now: S.at(12, 0, 0))
        #expect(cache.cachedContents == [.panel("a"), .panel("b")])
        _ = cache.prepare(for: onlyB, now: S.at(12, 0, 0))
        #expect(cache.cachedContents == [.panel("a"), .panel("b")])
        _ = cache.prepare(for: onlyB, now: S.at(12, 0, 0))
        #expect(cache.cachedContents == [.panel("b")])
    }

    @Test("a new configuration re-rasterises only the page that changed; a new theme all of them")
    func configurationUpdate() {
        let a = Panel(widgets: [.title(TitleWidget(text: "A"))])
        let b = Panel(widgets: [.title(TitleWidget(text: "B"))])
        let cache = S.cache(["a": a, "b": b])
        let size = Size(width: 300, height: 200)
        let scene = S.scene([
            S.layer(.panel("a"), size: size), S.layer(.panel("b"), size: size, x: 300)
        ])
        #expect(
            cache.prepare(for: scene, now: S.at(12, 0, 0)).rasterised == [.panel("a"), .panel("b")])
        let before = cache.surface(for: .panel("a"))

        cache.update(
            configuration: S.configuration([
                "a": a, "b": Panel(widgets: [.title(TitleWidget(text: "B2"))])
            ]))
        let update = cache.prepare(for: scene, now: S.at(12, 0, 0))
        #expect(update.rasterised == [.panel("b")])
        #expect(Set(update.damage.keys) == [.panel("b")])
        #expect(cache.surface(for: .panel("a")) === before)

        var theme = Theme.standard
        theme.accent = RGBA(red: 0, green: 0.5, blue: 1)
        cache.update(configuration: S.configuration(["a": a, "b": b], theme: theme))
        #expect(
            cache.prepare(for: scene, now: S.at(12, 0, 0)).rasterised == [.panel("a"), .panel("b")])

        cache.invalidate(page: "a")
        #expect(cache.prepare(for: scene, now: S.at(12, 0, 0)).rasterised == [.panel("a")])
        cache.update(configuration: S.configuration(["b": b], theme: theme))
        let gone = cache.prepare(for: scene, now: S.at(12, 0, 0))
        #expect(gone.missing.keys.sorted { "\($0)" < "\($1)" } == [.panel("a")])
        #expect(cache.surface(for: .panel("a")) == nil)
    }

    @Test("a resized layer or a new scale re-rasterises at the new pixel size")
    func resizeAndScale() throws {
        let cache = S.cache(["a": Panel(widgets: [])])
        _ = cache.prepare(
            for: S.scene([S.layer(.panel("a"), size: Size(width: 300, height: 200))]),
            now: S.at(12, 0, 0))
        let update = cache.prepare(
            for: S.scene([S.layer(.panel("a"), size: Size(width: 400, height: 200))]),
            now: S.at(12, 0, 0))
        #expect(update.damage == [.panel("a"): [Rect(x: 0, y: 0, width: 400, height: 200)]])
        cache.scale = 1.5
        let scaled = cache.prepare(
            for: S.scene([S.layer(.panel("a"), size: Size(width: 400, height: 200))]),
            now: S.at(12, 0, 0))
        #expect(scaled.damage == [.panel("a"): [Rect(x: 0, y: 0, width: 600, height: 300)]])
        let surface = try #require(cache.surface(for: .panel("a")))
        #expect(surface.width == 600 && surface.height == 300)
    }

    @Test(
        "unknown pages and containers get no surface and a reason; solids are left to the compositor"
    )
    func missing() {
        var configuration = S.configuration(["a": Panel(widgets: [])])
        configuration.pages["cube"] = PageDefinition(
            id: "cube", title: "Cube", content: .cube(CubeSpec(faces: ["a", "a"])))
        let cache = PageSurfaceCache(
            configuration: configuration, renderer: TestFixtures.renderer())
        let size = Size(width: 100, height: 100)
        let update = cache.prepare(
            for: S.scene([
                S.layer(.solid(RGBA(red: 1, green: 0, blue: 0)), size: size),
                S.layer(.panel("nope"), size: size),
                S.layer(.panel("cube"), size: size),
                S.layer(.panel("a"), size: Size(width: 0, height: 10))
            ]), now: S.at(12, 0, 0))
        #expect(update.missing[.panel("nope")] == "no page \"nope\" in the configuration")
        #expect(update.missing[.panel("cube")] == "page \"cube\" is a container, not a panel")
        #expect(update.missing[.panel("a")]?.hasPrefix("cannot create a 0x10 image") == true)
        #expect(update.damage.isEmpty)
        #expect(cache.memoryBytes == 0)
    }

    @Test("a chrome surface equals the chrome renderer's drawing")
    func chrome() throws {
        let cache = S.cache([:])
        let tabs = LayerContent.chrome(
            .tabBar(titles: ["Trains", "Buses"], highlight: TabHighlight(selected: 1)))
        let size = Size(width: 400, height: 64)
        let update = cache.prepare(for: S.scene([S.layer(tabs, size: size)]), now: S.at(12, 0, 0))
        #expect(update.rasterised == [tabs])
        let surface = try #require(cache.surface(for: tabs))
        let fresh = try ChromeRenderer(text: cache.renderer.text).render(
            .tabBar(titles: ["Trains", "Buses"], highlight: TabHighlight(selected: 1)), size: size,
            scale: 1,
            theme: .standard)
        #expect(S.differingPixels(surface, fresh) == 0)
        #expect(
            cache.prepare(for: S.scene([S.layer(tabs, size: size)]), now: S.at(12, 5, 0)).isEmpty)
    }

    @Test("kernel files (procfs) are read at every prepare since their stamps never change")
    func pseudoFiles() {
        let counter = ReadCounter()
        let panel = Panel(widgets: [
            .fileValue(FileValueWidget(label: "Load", path: "/proc/loadavg"))
        ])
        let cache = S.cache(["p": panel], readFile: counter.read)
        let scene = S.scene([S.layer(.panel("p"), size: Self.size)])
        for second in 0..<3 { _ = cache.prepare(for: scene, now: S.at(12, 0, Double(second))) }
        #expect(counter.reads == ["/proc/loadavg", "/proc/loadavg", "/proc/loadavg"])
    }

    @Test(
        "a content shown by two layers of different sizes gets one surface at the larger width and height"
    )
    func sharedContent() throws {
        let cache = S.cache(["a": Panel(widgets: [])])
        let scene = S.scene([
            S.layer(.panel("a"), size: Size(width: 300, height: 100)),
            S.layer(.panel("a"), size: Size(width: 200, height: 150))
        ])
        let update = cache.prepare(for: scene, now: S.at(12, 0, 0))
        #expect(update.damage == [.panel("a"): [Rect(x: 0, y: 0, width: 300, height: 150)]])
        let surface = try #require(cache.surface(for: .panel("a")))
        #expect(surface.width == 300 && surface.height == 150)
    }
}
