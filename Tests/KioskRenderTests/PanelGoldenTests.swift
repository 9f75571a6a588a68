import KioskCore
import KioskRender
import Testing
import KioskTestSupport

/// Whole pages mixing every widget, in landscape, portrait and at scale 2, and the chrome pieces.
@Suite("Panel and chrome goldens", .serialized)
struct PanelGoldenTests {
    static let sensorPath = "/run/kiosk/spindle-temp"
    static let counterPath = "/run/kiosk/parts"

    static var mixed: Panel {
        Panel(widgets: [
            .title(TitleWidget(text: "Hall 3 — Assembly", subtitle: "Line 2 · Shift B")),
            .clock(ClockWidget(format: "%H:%M", size: 72)),
            .grid(
                GridWidget(
                    columns: 2, tileHeight: 150,
                    tiles: [
                        Tile(
                            label: "Machines", icon: TestFixtures.iconPath,
                            action: .open("machines")),
                        Tile(label: "Safety", icon: TestFixtures.iconPath, action: .open("safety"))
                    ])),
            .fileValue(FileValueWidget(label: "Spindle temperature", path: sensorPath, unit: "°C")),
            .fileValue(FileValueWidget(label: "Parts today", path: counterPath, unit: "pcs")),
            .list(
                ListWidget(rows: [
                    ListRow(label: "Work instructions", detail: "12 steps", action: .open("steps")),
                    ListRow(label: "Maintenance log", detail: "2 open", action: .open("log"))
                ])),
            .keyValue(
                KeyValueWidget(rows: [
                    KeyValueRow(key: "Operator", value: "A. Novak"),
                    KeyValueRow(key: "Order", value: "4711-22")
                ])),
            .text(TextWidget(markup: "Wear <b>hearing protection</b> beyond the yellow line.")),
            .grid(
                GridWidget(
                    columns: 2, tileHeight: 72,
                    tiles: [
                        Tile(label: "Back", action: .back, style: .button),
                        Tile(label: "Home", action: .home, style: .button)
                    ]))
        ])
    }

    func render(_ panel: Panel, width: Double, height: Double, scale: Double = 1) throws
        -> ImageBuffer
    {
        try TestFixtures.renderer().render(
            panel: panel, size: Size(width: width, height: height), scale: scale, theme: .standard,
            context: TestFixtures.context(files: [Self.sensorPath: "42.7\n"]))
    }

    /// A landscape page: the mixed panel split into two halves side by side is not a thing yet,
    /// so landscape shows the flow clipped at the bottom edge.
    @Test("a mixed panel in landscape 1280x800 clips what does not fit")
    func landscape() throws {
        goldenImages.check(
            try render(Self.mixed, width: 1280, height: 800), named: "panel-1280x800")
    }

    @Test("a mixed panel in portrait 800x1280")
    func portrait() throws {
        goldenImages.check(
            try render(Self.mixed, width: 800, height: 1280), named: "panel-800x1280")
    }

    @Test("a page at scale 2 has twice the pixels with crisp text")
    func scale2() throws {
        let panel = Panel(widgets: Array(Self.mixed.widgets.prefix(4)))
        let image = try render(panel, width: 640, height: 560, scale: 2)
        #expect(image.width == 1280)
        #expect(image.height == 1120)
        goldenImages.check(image, named: "panel-640x560@2")
    }

    @Test("a museum page with a photo, a paragraph and links at 1280x800")
    func museum() throws {
        let panel = Panel(widgets: [
            .title(
                TitleWidget(text: "The Valley Line", subtitle: "Gallery 2 · Railways of the region")
            ),
            .image(
                ImageWidget(
                    path: TestFixtures.photoPath, height: 300,
                    caption: "Looking east from the viaduct, 1902")),
            .text(
                TextWidget(
                    markup:
                        "Opened in <b>1887</b>, the line carried ore from the upper valley to the smelters. "
                        + "Its viaduct, 41 m high, was the tallest in the country until 1911.")),
            .list(
                ListWidget(rows: [
                    ListRow(label: "Timeline", detail: "1887–1954", action: .open("timeline"))
                ]))
        ])
        goldenImages.check(try render(panel, width: 1280, height: 800), named: "panel-museum")
    }

    @Test("a panel background overrides the theme's")
    func background() throws {
        let panel = Panel(
            widgets: [], background: RGBA(red: 0x33 / 255, green: 0x1a / 255, blue: 0x4d / 255))
        let image = try render(panel, width: 4, height: 4)
        // Premultiplied ARGB of #331a4d, opaque.
        #expect(image.pixel(x: 2, y: 2) == 0xff33_1a4d)
    }

    @Test("a tab bar highlights the selected tab")
    func tabBar() throws {
        _ = TestFixtures.fonts
        let chrome = ChromeRenderer()
        let image = try chrome.render(
            .tabBar(
                titles: ["Overview", "Machines", "Safety", "Contacts"],
                highlight: TabHighlight(selected: 1)),
            size: Size(width: 800, height: 72), scale: 1, theme: .standard)
        goldenImages.check(image, named: "chrome-tabbar")
    }

    @Test("a tab bar between two tabs moves its highlight part way")
    func tabBarSwitching() throws {
        goldenImages.check(try Self.tabBar(from: 0, to: 1), named: "chrome-tabbar-switching")
    }

    @Test(
        "half-way from the first tab to the third the highlight is between them and the middle tab stays unlit"
    )
    func tabBarSkipping() throws {
        goldenImages.check(try Self.tabBar(from: 0, to: 2), named: "chrome-tabbar-skipping")
    }

    /// A three-tab bar half-way from tab `from` to tab `to`.
    static func tabBar(from: Int, to: Int) throws -> ImageBuffer {
        _ = TestFixtures.fonts
        return try ChromeRenderer().render(
            .tabBar(
                titles: ["Overview", "Machines", "Safety"],
                highlight: TabHighlight(from: from, to: to, progress: 0.5)),
            size: Size(width: 600, height: 72), scale: 1, theme: .standard)
    }

    @Test("a header shows its title centred and a back chevron labelled with the previous title")
    func header() throws {
        _ = TestFixtures.fonts
        let image = try ChromeRenderer().render(
            .header(title: "Maintenance log", showsBack: true, backTitle: "Machines"),
            size: Size(width: 420, height: 64),
            scale: 1, theme: .standard)
        goldenImages.check(image, named: "chrome-header")
    }

    @Test(
        "long titles in a header are ellipsized: the back label inside its button, the title between the margins"
    )
    func headerLongTitles() throws {
        _ = TestFixtures.fonts
        let image = try ChromeRenderer().render(
            .header(
                title: "Maintenance log of the second press line", showsBack: true,
                backTitle: "Machines and tools"),
            size: Size(width: 420, height: 64), scale: 1, theme: .standard)
        goldenImages.check(image, named: "chrome-header-long")
    }
}
