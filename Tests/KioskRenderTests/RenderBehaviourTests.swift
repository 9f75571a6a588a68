import Glibc
import KioskCore
import KioskTestSupport
@testable import KioskRender
import Testing

@Suite("Render behaviour", .serialized)
struct RenderBehaviourTests {
    @Test("strftime formats the injected instant in UTC and in a POSIX zone")
    func clockFormatting() {
        let utc = WallClockTime(secondsSinceEpoch: 1_700_000_000, timeZone: "UTC")
        #expect(utc.formatted("%Y-%m-%d %H:%M:%S") == "2023-11-14 22:13:20")
        let cet = WallClockTime(secondsSinceEpoch: 1_700_000_000, timeZone: "CET-1")
        #expect(cet.formatted("%H:%M") == "23:13")
        #expect(utc.formatted("") == "")
        let india = WallClockTime(secondsSinceEpoch: 1_700_000_000, timeZone: "<+0530>-5:30")
        #expect(india.formatted("%H:%M") == "03:43")
    }

    @Test(
        "only fixed-offset zones are converted without touching TZ; others read as the process zone"
    )
    func fixedOffsets() {
        #expect(WallClockTime.fixedOffset("CET-1") == 3600)
        #expect(WallClockTime.fixedOffset("EST5") == -5 * 3600)
        #expect(WallClockTime.fixedOffset("<+0530>-5:30") == 19800)
        #expect(WallClockTime.fixedOffset("CET-1CEST,M3.5.0,M10.5.0/3") == nil)
        #expect(WallClockTime.fixedOffset("Europe/Berlin") == nil)
        #expect(WallClockTime.fixedOffset("CET--1") == nil)
        #expect(WallClockTime.fixedOffset("CET") == nil)
    }

    @Test(
        "a file value shows its file trimmed, and the placeholder when the file is missing or blank"
    )
    func fileValuePlaceholder() {
        let widget = FileValueWidget(label: "T", path: "/run/t", unit: "°C", placeholder: "n/a")
        #expect(
            TestFixtures.context(files: ["/run/t": " 21.5 \n"]).displayedText(for: widget) == "21.5"
        )
        #expect(TestFixtures.context().displayedText(for: widget) == "n/a")
        #expect(
            TestFixtures.context(files: ["/run/t": " \n\t"]).displayedText(for: widget) == "n/a")
    }

    @Test("the default file reader reads a real file and gives nil for a missing one")
    func defaultReader() {
        let path = "\(TestFixtures.directory)/value.txt"
        TestFixtures.write("1234\n", to: path)
        #expect(RenderContext.readSmallFile(path) == "1234\n")
        #expect(RenderContext.readSmallFile("\(TestFixtures.directory)/absent") == nil)
        let widget = FileValueWidget(
            label: "n", path: "\(TestFixtures.directory)/absent", placeholder: "—")
        #expect(RenderContext(now: TestFixtures.instant).displayedText(for: widget) == "—")
    }

    @Test(
        "redrawing a clock region at a new time equals a full render at that time, touching nothing else"
    )
    func clockRedraw() throws {
        let renderer = TestFixtures.renderer()
        let panel = Panel(widgets: [
            .title(TitleWidget(text: "Lobby")), .clock(ClockWidget(format: "%H:%M:%S")),
            .list(ListWidget(rows: [ListRow(label: "Map", action: .open("map"))]))
        ])
        let size = Size(width: 700, height: 400)
        let layout = renderer.layout(panel: panel, size: size, theme: .standard)
        let early = TestFixtures.context()
        let later = RenderContext(
            now: WallClockTime(secondsSinceEpoch: 1_700_000_007, timeZone: "UTC"),
            readFile: { _ in nil })
        let buffer = try renderer.render(
            panel: panel, size: size, scale: 2, theme: .standard, context: early)
        let before = try renderer.render(
            panel: panel, size: size, scale: 2, theme: .standard, context: early)
        let expected = try renderer.render(
            panel: panel, size: size, scale: 2, theme: .standard, context: later)
        let region = try #require(layout.dynamicRegions.first)
        let damage = renderer.redraw(
            region, panel: panel, layout: layout, into: buffer, scale: 2, theme: .standard,
            context: later)
        #expect(
            damage
                == Rect(
                    x: region.rect.minX * 2, y: region.rect.minY * 2, width: region.rect.width * 2,
                    height: region.rect.height * 2))
        var changedOutside = 0
        var differsFromExpected = 0
        var changedInside = 0
        for y in 0..<buffer.height {
            for x in 0..<buffer.width {
                let p = buffer.pixel(x: x, y: y)
                if p != expected.pixel(x: x, y: y) { differsFromExpected += 1 }
                let inside = damage.contains(Point(x: Double(x), y: Double(y)))
                if p != before.pixel(x: x, y: y) {
                    if inside { changedInside += 1 } else { changedOutside += 1 }
                }
            }
        }
        #expect(differsFromExpected == 0)
        #expect(changedOutside == 0)
        #expect(changedInside > 0)
    }

    @Test("an image file replaced on disk is drawn anew")
    func imageReload() throws {
        let path = "\(TestFixtures.directory)/swatch.png"
        func writeSwatch(_ color: RGBA, size: Int) throws {
            let image = try ImageBuffer(width: size, height: size)
            CairoContext(target: image).clear(to: color)
            try image.writePNG(to: path)
        }
        let renderer = TestFixtures.renderer()
        let panel = Panel(widgets: [.image(ImageWidget(path: path, height: 100))])
        let size = Size(width: 200, height: 200)
        try writeSwatch(RGBA(red: 1, green: 0, blue: 0), size: 10)
        let red = try renderer.render(
            panel: panel, size: size, scale: 1, theme: .standard, context: TestFixtures.context())
        #expect(red.pixel(x: 100, y: 80) == 0xffff_0000)
        // A different size changes the file's stamp even within one mtime tick.
        try writeSwatch(RGBA(red: 0, green: 0, blue: 1), size: 12)
        let blue = try renderer.render(
            panel: panel, size: size, scale: 1, theme: .standard, context: TestFixtures.context())
        #expect(blue.pixel(x: 100, y: 80) == 0xff00_00ff)
    }

    @Test("a page buffer is size times scale pixels, rounded up; impossible sizes throw")
    func bufferSizes() throws {
        let renderer = TestFixtures.renderer()
        let image = try renderer.render(
            panel: Panel(widgets: []), size: Size(width: 1280, height: 801), scale: 1.5,
            theme: .standard,
            context: TestFixtures.context())
        #expect(image.width == 1920 && image.height == 1202)
        #expect(throws: RenderError.self) {
            try PageRenderer.makeBuffer(size: Size(width: .nan, height: 10), scale: 1)
        }
        #expect(throws: RenderError.self) {
            try PageRenderer.makeBuffer(size: Size(width: 100, height: 100), scale: 0)
        }
    }

    @Test("a focus index outside the hit regions draws no outline and does not trap")
    func focusOutOfRange() throws {
        let renderer = TestFixtures.renderer()
        let panel = Panel(widgets: [.list(ListWidget(rows: [ListRow(label: "a", action: .home)]))])
        let size = Size(width: 300, height: 200)
        let plain = try renderer.render(
            panel: panel, size: size, scale: 1, theme: .standard, context: TestFixtures.context())
        let odd = try renderer.render(
            panel: panel, size: size, scale: 1, theme: .standard, context: TestFixtures.context(),
            focusedItem: 7)
        #expect(GoldenFolder.difference(plain, odd).0 == 0)
    }

    @Test("markup that does not parse is shown as plain text")
    func badMarkup() {
        _ = TestFixtures.fonts
        let layout = TextLayout(context: TextContext())
        layout.setFont(family: "DejaVu Sans", size: 20)
        #expect(layout.setMarkup("<b>unclosed") == false)
        #expect(layout.size.width > 50)
        #expect(layout.setMarkup("<b>fine</b>"))
    }

    @Test("an ellipsized label stays within its width on one line")
    func ellipsis() {
        _ = TestFixtures.fonts
        let layout = TextLayout(
            context: TextContext(), text: String(repeating: "wide words ", count: 20),
            family: "DejaVu Sans", size: 20,
            width: 200, ellipsizes: true)
        #expect(layout.isEllipsized)
        #expect(layout.lineCount == 1)
        #expect(layout.size.width <= 200)
        #expect(layout.naturalWidth > 1000)
    }
}

@Suite("Image cache")
struct ImageCacheTests {
    @Test("the image cache keeps at most its capacity, dropping the least recently used")
    func eviction() throws {
        let cache = ImageCache(capacity: 2)
        var paths: [String] = []
        for n in 0..<3 {
            let path = "\(TestFixtures.directory)/cache-\(n).png"
            try ImageBuffer(width: 2 + n, height: 2).writePNG(to: path)
            paths.append(path)
        }
        #expect(cache.image(at: paths[0])?.width == 2)
        #expect(cache.image(at: paths[1])?.width == 3)
        #expect(cache.image(at: paths[0]) != nil)  // paths[0] is now the most recent
        #expect(cache.image(at: paths[2])?.width == 4)
        #expect(cache.cachedPaths == [paths[0], paths[2]])
        #expect(cache.image(at: "/nonexistent.png") == nil)
    }
}
