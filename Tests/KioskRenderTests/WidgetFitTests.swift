import Glibc
import KioskCore
import Testing
import KioskTestSupport

@testable import KioskRender

/// Widgets keep what they show inside their place: clocks at their documented size and never cut
/// off, file values inside their card, row columns by content, whole words on narrow tiles, and
/// page text readable on the page's own background (issue 14).
@Suite("Widget fitting", .serialized)
struct WidgetFitTests {
    let theme = Theme.standard
    var type: Typography { Typography(theme: theme, text: TestFixtures.renderer().text) }

    func render(
        _ widgets: [Widget], width: Double = 720, height: Double, files: [String: String] = [:],
        background: RGBA? = nil, textColor: RGBA? = nil
    ) throws -> ImageBuffer {
        try TestFixtures.renderer().render(
            panel: Panel(widgets: widgets, background: background, textColor: textColor),
            size: Size(width: width, height: height), scale: 1, theme: theme,
            context: TestFixtures.context(files: files))
    }

    // MARK: Clock

    @Test("a clock without size takes the height of one line at the theme's body size")
    func clockDefaultSize() {
        let renderer = TestFixtures.renderer()
        let layout = renderer.layout(
            panel: Panel(widgets: [.clock(ClockWidget(format: "%H:%M"))]),
            size: Size(width: 720, height: 400),
            theme: theme)
        let height = layout.widgets[0].frame.height
        #expect(height >= theme.bodySize)
        #expect(height <= theme.bodySize * 1.5)
    }

    @Test("a long clock format shrinks to fit its width instead of ending in an ellipsis")
    func clockShrinksToFit() {
        let clock = ClockWidget(format: "%A %e %B %Y, %H:%M:%S", size: 96)
        let text = TestFixtures.instant.formatted(clock.format)
        let layout = type.clock(text, widget: clock, width: 656)
        #expect(!layout.isEllipsized)
        #expect(layout.size.width <= 656)
        // A short text keeps its size.
        let short = type.clock("22:13", widget: clock, width: 656)
        #expect(short.size.height > 96)
    }

    @Test("clocks: default size, and a long format shrunk to fit")
    func clockGolden() throws {
        let image = try render(
            [
                .clock(ClockWidget(format: "%H:%M")),
                .clock(ClockWidget(format: "%A %e %B %Y, %H:%M:%S", size: 96))
            ], height: 220)
        goldenImages.check(image, named: "clock-fit")
    }

    // MARK: File value

    @Test("a file value of several lines stays inside its card")
    func fileValueLines() throws {
        let height = 200.0
        let image = try render(
            [.fileValue(FileValueWidget(label: "Departures", path: "/run/board", unit: "min"))],
            height: height,
            files: ["/run/board": "Line 4 · 3\nLine 7 · 9\nLine 12 · 14\nLine 20 · 31\n"])
        let layout = TestFixtures.renderer().layout(
            panel: Panel(widgets: [
                .fileValue(FileValueWidget(label: "Departures", path: "/run/board"))
            ]),
            size: Size(width: 720, height: height), theme: theme)
        let card = layout.widgets[0].frame
        // Below the card the page background only: nothing spilled.
        let background = WidgetFitTests.argb(theme.background)
        for y in Int(card.maxY.rounded(.up)) + 1..<Int(height) {
            for x in stride(from: 0, to: 720, by: 3) {
                #expect(image.pixel(x: x, y: y) == background, "pixel \(x),\(y) below the card")
                if image.pixel(x: x, y: y) != background { return }
            }
        }
        goldenImages.check(image, named: "filevalue-lines")
    }

    @Test("a binary file value shows \"binary data\" as its placeholder does, not its bytes")
    func fileValueBinary() throws {
        let widget = FileValueWidget(
            label: "Counter", path: "/run/counter", unit: "pcs", placeholder: "binary data")
        let binary = try render(
            [.fileValue(widget)], height: 200,
            files: ["/run/counter": "\u{0}\u{1}\u{FFFD}PNG\u{FFFD}\u{1A}\n"])
        let placeholder = try render([.fileValue(widget)], height: 200)
        #expect(GoldenFolder.difference(binary, placeholder).0 == 0)
        goldenImages.check(binary, named: "filevalue-binary")
    }

    @Test("a file turning binary is logged once, again only after it held text")
    func binaryLoggedOnce() throws {
        let path = "\(TestFixtures.directory)/binary-value"
        let panel = Panel(widgets: [.fileValue(FileValueWidget(label: "Counter", path: path))])
        let configuration = KioskConfiguration(
            settings: KioskSettings(home: "p"),
            pages: ["p": PageDefinition(id: "p", title: "P", content: .panel(panel))],
            directory: "/tmp")
        let cache = PageSurfaceCache(configuration: configuration)
        var lines: [String] = []
        cache.log = { lines.append($0) }
        let scene = Scene(
            outputSize: Size(width: 400, height: 300), background: theme.background,
            layers: [
                SceneLayer(
                    content: .panel("p"), size: Size(width: 400, height: 300), transform: .identity)
            ],
            isAnimating: false)
        TestFixtures.write("\u{1}\u{2}\u{3}", to: path)
        for _ in 0..<3 { _ = cache.prepare(for: scene, now: TestFixtures.instant) }
        #expect(lines.count == 1)
        #expect(lines.first?.contains("binary data") == true)
        TestFixtures.write("42", to: path)
        _ = cache.prepare(for: scene, now: TestFixtures.instant)
        TestFixtures.write("\u{1}\u{2}", to: path)
        _ = cache.prepare(for: scene, now: TestFixtures.instant)
        #expect(lines.count == 2)
    }

    // MARK: Rows

    @Test("row columns follow content: a short text keeps its width, the other takes the rest")
    func rowColumns() {
        let room = 400.0 - 16
        // Short label, long detail: the detail gets everything the label does not need.
        let a = RowColumns.split(
            leading: 60, trailing: 500, available: 400, gap: 16, leadingShare: 0.55)
        #expect(a.leading == 60)
        #expect(a.trailing == room - 60)
        // Long label, short detail: the detail is whole.
        let b = RowColumns.split(
            leading: 500, trailing: 80, available: 400, gap: 16, leadingShare: 0.55)
        #expect(b.trailing == 80)
        #expect(b.leading == room - 80)
        // Both long: the shares.
        let c = RowColumns.split(
            leading: 500, trailing: 500, available: 400, gap: 16, leadingShare: 0.5)
        #expect(c.leading == room / 2 && c.trailing == room / 2)
        // Both fit: both whole.
        let d = RowColumns.split(
            leading: 100, trailing: 100, available: 400, gap: 16, leadingShare: 0.5)
        #expect(d.trailing == 100 && d.leading == room - 100)
    }

    @Test("a list row with a short label shows its long detail whole where it fits")
    func listDetailWhole() {
        let columns = type.listColumns(
            label: "Access", detail: "Lifts, ramps and guided tours", available: 520)
        #expect(
            !type.rowDetail("Lifts, ramps and guided tours", width: columns.trailing).isEllipsized)
        #expect(!type.rowLabel("Access", width: columns.leading).isEllipsized)
        let kv = type.keyValueColumns(key: "Steam demonstration", value: "11:30", available: 360)
        #expect(!type.keyText("Steam demonstration", width: kv.leading).isEllipsized)
    }

    @Test("list and key-value rows size their columns by content")
    func rowsGolden() throws {
        let image = try render(
            [
                .list(
                    ListWidget(rows: [
                        ListRow(
                            label: "Access", detail: "Lifts, ramps and guided tours",
                            action: .open("a")),
                        ListRow(
                            label: "Temporary exhibition on printing", detail: "Hall 4",
                            action: .open("b"))
                    ])),
                .keyValue(
                    KeyValueWidget(rows: [KeyValueRow(key: "Steam demonstration", value: "11:30")]))
            ], width: 560, height: 300)
        goldenImages.check(image, named: "rows-by-content")
    }

    // MARK: Tiles

    @Test("a grid whose longest word is wider than a tile shrinks all labels to keep words whole")
    func tileWordWhole() {
        let tiles = ["Locomotives", "Printing presses", "Café"].map { Tile(label: $0) }
        let size = type.tileLabelSize(tiles, width: 94)
        #expect(size < theme.bodySize)
        let label = type.tileLabel("Locomotives", size: size, width: 94, onAccent: false)
        #expect(label.lineCount == 1)
        #expect(!label.isEllipsized)
        #expect(label.size.width <= 94)
        let two = type.tileLabel("Printing presses", size: size, width: 94, onAccent: false)
        #expect(two.lineCount == 2)
        #expect(!two.isEllipsized)
        // Labels that fit keep the body size.
        #expect(type.tileLabelSize([Tile(label: "Café")], width: 94) == theme.bodySize)
    }

    @Test("five columns of tiles keep whole words")
    func gridFiveColumns() throws {
        let image = try render(
            [
                .grid(
                    GridWidget(
                        columns: 5, tileHeight: 120,
                        tiles: [
                            "Locomotives", "Printing presses", "Textile machinery", "Workshop",
                            "Café"
                        ].map {
                            Tile(label: $0, icon: TestFixtures.iconPath, action: .open("x"))
                        }))
            ], height: 200)
        goldenImages.check(image, named: "grid-five-columns")
    }

    // MARK: Page text colour

    @Test("a light page without text_color gets dark text; text_color wins when set")
    func pageTextColor() {
        let light = RGBA(hex: "#f4f1e8") ?? .white
        let auto = Panel(widgets: [], background: light).pageTextColor(theme: theme)
        #expect(auto.contrastRatio(with: light) >= Panel.readableContrast)
        #expect(theme.text.contrastRatio(with: light) < Panel.readableContrast)
        let chosen = RGBA(hex: "#003366") ?? .black
        #expect(
            Panel(widgets: [], background: light, textColor: chosen).pageTextColor(theme: theme)
                == chosen)
        // Dark pages and the theme's own background keep the theme's colours.
        #expect(
            Panel(widgets: [], background: RGBA(hex: "#101318")).pageTextColor(theme: theme)
                == theme.text)
        #expect(Panel(widgets: []).pageMutedTextColor(theme: theme) == theme.mutedText)
    }

    @Test("a light page draws its title, text and clock readable; cards keep the theme")
    func lightPageGolden() throws {
        let widgets: [Widget] = [
            .title(TitleWidget(text: "Print shop", subtitle: "Hall 4 · first floor")),
            .text(TextWidget(markup: "Hand presses from <b>1820</b> to 1960.")),
            .clock(ClockWidget(format: "%H:%M", size: 48)),
            .keyValue(KeyValueWidget(rows: [KeyValueRow(key: "Open", value: "10:00 – 18:00")]))
        ]
        let light = RGBA(hex: "#f4f1e8")
        goldenImages.check(
            try render(widgets, height: 400, background: light), named: "page-light-auto")
        goldenImages.check(
            try render(widgets, height: 400, background: light, textColor: RGBA(hex: "#5b2a00")),
            named: "page-light-text-color")
    }

    static func argb(_ c: RGBA) -> UInt32 {
        func byte(_ v: Double) -> UInt32 { UInt32((min(max(v, 0), 1) * 255).rounded()) }
        return byte(c.alpha) << 24 | byte(c.red) << 16 | byte(c.green) << 8 | byte(c.blue)
    }
}
