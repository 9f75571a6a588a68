import KioskCore
import KioskRender
import Testing
import KioskTestSupport

/// One golden image per widget kind, drawn with Theme.standard at a fixed instant.
@Suite("Widget goldens", .serialized)
struct WidgetGoldenTests {
    let theme = Theme.standard

    func render(
        _ widgets: [Widget], width: Double = 720, height: Double, scale: Double = 1,
        files: [String: String] = [:],
        focused: Int? = nil
    ) throws -> ImageBuffer {
        try TestFixtures.renderer().render(
            panel: Panel(widgets: widgets), size: Size(width: width, height: height), scale: scale,
            theme: theme,
            context: TestFixtures.context(files: files), focusedItem: focused)
    }

    @Test("a title draws bold with a muted subtitle under it")
    func title() throws {
        let image = try render(
            [
                .title(
                    TitleWidget(
                        text: "Hall 3 — Assembly", subtitle: "Line status and shift information"))
            ],
            height: 150)
        goldenImages.check(image, named: "title")
    }

    @Test("a text widget wraps markup to the panel width")
    func text() throws {
        let markup =
            "The <b>steam engine</b> in this hall drove the whole factory from 1887 to 1954. "
            + "Its flywheel weighs <i>eleven tonnes</i> and turned at <span foreground=\"#f9a825\">60 rpm</span>."
        let image = try render(
            [
                .text(TextWidget(markup: markup)),
                .text(TextWidget(markup: "Centred small print", size: 16, alignment: .center))
            ], height: 230)
        goldenImages.check(image, named: "text")
    }

    @Test("an image is scaled to fit and centred, with its caption under it")
    func image() throws {
        let image = try render(
            [
                .image(
                    ImageWidget(
                        path: TestFixtures.photoPath, height: 240, caption: "The valley in 1902"))
            ], height: 340)
        goldenImages.check(image, named: "image")
    }

    @Test("a missing image draws a placeholder box with its file name")
    func missingImage() throws {
        let image = try render(
            [
                .image(
                    ImageWidget(
                        path: "/nonexistent/floor-plan.png", height: 200, caption: "Floor plan"))
            ], height: 300)
        goldenImages.check(image, named: "image-missing")
    }

    @Test("list rows show label, right-aligned muted detail and a chevron")
    func list() throws {
        let image = try render(
            [
                .list(
                    ListWidget(rows: [
                        ListRow(
                            label: "Departures", detail: "Platform 4", action: .open("departures")),
                        ListRow(
                            label: "Opening hours", detail: "09:00–18:00", action: .open("hours")),
                        ListRow(
                            label: "Accessibility information that is long enough to be cut",
                            detail: "Lifts, ramps and guided tours", action: .open("access")),
                        ListRow(label: "Not a link", detail: "info only")
                    ]))
            ], height: 360)
        goldenImages.check(image, named: "list")
    }

    @Test("grid tiles are rounded cards with icon over label; buttons are accent-filled")
    func grid() throws {
        let image = try render(
            [
                .grid(
                    GridWidget(
                        columns: 3, tileHeight: 160,
                        tiles: [
                            Tile(
                                label: "Machines", icon: TestFixtures.iconPath,
                                action: .open("machines")),
                            Tile(
                                label: "Missing icon", icon: "/nonexistent/icon.png",
                                action: .open("x")),
                            Tile(label: "No icon, a longer label that wraps", action: .open("y"))
                        ])),
                .grid(
                    GridWidget(
                        columns: 2, tileHeight: 72,
                        tiles: [
                            Tile(label: "Back", action: .back, style: .button),
                            Tile(label: "Home", action: .home, style: .button)
                        ]))
            ], height: 360)
        goldenImages.check(image, named: "grid")
    }

    @Test("a clock draws the fixed instant large, in its alignment")
    func clock() throws {
        let image = try render(
            [
                .clock(ClockWidget(format: "%H:%M")),
                .clock(ClockWidget(format: "%A %e %B %Y", size: 28, alignment: .right))
            ], height: 220)
        goldenImages.check(image, named: "clock")
    }

    @Test("key-value rows show muted keys and right-aligned values")
    func keyValue() throws {
        let image = try render(
            [
                .keyValue(
                    KeyValueWidget(rows: [
                        KeyValueRow(key: "Machine", value: "CNC-4 Hermle C42"),
                        KeyValueRow(key: "Operator", value: "A. Novak"),
                        KeyValueRow(key: "Last service", value: "2023-10-02")
                    ]))
            ], height: 232)
        goldenImages.check(image, named: "keyvalue")
    }

    @Test("a file value shows the trimmed file contents big with its unit and label")
    func fileValue() throws {
        let image = try render(
            [
                .fileValue(
                    FileValueWidget(
                        label: "Spindle temperature", path: "/run/sensor/temp", unit: "°C"))
            ],
            height: 200, files: ["/run/sensor/temp": "  42.7\n"])
        goldenImages.check(image, named: "filevalue")
    }

    @Test("a file value whose file is missing shows its placeholder")
    func fileValueMissing() throws {
        let image = try render(
            [
                .fileValue(
                    FileValueWidget(
                        label: "Parts today", path: "/run/counter", unit: "pcs",
                        placeholder: "no data"))
            ],
            height: 200)
        goldenImages.check(image, named: "filevalue-missing")
    }

    @Test("a spacer leaves its height empty between widgets")
    func spacer() throws {
        let image = try render(
            [
                .text(TextWidget(markup: "Above the spacer")),
                .spacer(SpacerWidget(height: 80)),
                .text(TextWidget(markup: "Below the spacer"))
            ], height: 240)
        goldenImages.check(image, named: "spacer")
    }

    @Test("the focused item gets an accent outline")
    func focus() throws {
        let image = try render(
            [
                .list(
                    ListWidget(rows: [
                        ListRow(label: "First", action: .open("a")),
                        ListRow(label: "Second", action: .open("b"))
                    ])),
                .grid(
                    GridWidget(
                        columns: 2, tileHeight: 72,
                        tiles: [
                            Tile(label: "Back", action: .back, style: .button),
                            Tile(label: "Home", action: .home)
                        ]))
            ], height: 300, focused: 1)
        goldenImages.check(image, named: "focus")
    }
}
