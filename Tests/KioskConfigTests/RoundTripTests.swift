import KioskCore
import Testing

@testable import KioskConfig

/// Loads files held in memory (root "/config").
func loadMemory(_ files: [String: String]) -> ConfigLoadResult {
    ConfigLoader.load(files: MemoryFiles(files: files.mapValues { Array($0.utf8) }))
}

@Suite("Parsed values")
struct RoundTripTests {
    /// A well-formed 1x1 PNG (the loader checks chunk checksums).
    static let png: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44,
        0x52, 0x00, 0x00,
        0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89,
        0x00, 0x00, 0x00,
        0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0, 0x1F, 0x00, 0x05,
        0x00, 0x01, 0xFF,
        0x89, 0x99, 0x3D, 0x1D, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60,
        0x82
    ]

    @Test("kiosk.toml values arrive in the settings exactly")
    func settings() throws {
        let result = loadMemory([
            "kiosk.toml": """
            home = "start"
            app_id = "museum"
            [preview]
            width = 1024
            height = 600.5
            scale = 2
            [theme]
            accent = "#ff000080"
            font = "Inter, sans"
            title_size = 50
            padding = 0
            [idle]
            home_after = 90
            [input]
            source = "both"
            """,
            "pages/start.toml": "type = \"panel\"\n"
        ])
        #expect(result.diagnostics == [])
        let settings = try #require(result.configuration).settings
        #expect(settings.home == "start")
        #expect(settings.appID == "museum")
        #expect(settings.previewSize == Size(width: 1024, height: 600.5))
        #expect(settings.previewScale == 2)
        #expect(settings.theme.accent == RGBA(red: 1, green: 0, blue: 0, alpha: 128.0 / 255))
        #expect(settings.theme.fontFamily == "Inter, sans")
        #expect(settings.theme.titleSize == 50)
        #expect(settings.theme.padding == 0)
        #expect(settings.theme.bodySize == Theme.standard.bodySize)
        #expect(settings.idle == IdleSettings(homeAfter: 90, blankAfter: nil))
        #expect(settings.input.source == .both)
    }

    @Test("an empty kiosk.toml apart from home gives every default")
    func settingsDefaults() throws {
        let result = loadMemory([
            "kiosk.toml": "home = \"a\"\n[idle]\n[input]\n", "pages/a.toml": "type = \"panel\"\n"
        ])
        let configuration = try #require(result.configuration)
        #expect(configuration.settings == KioskSettings(home: "a"))
        #expect(configuration.directory == "/config")
        #expect(
            configuration.pages["a"]
                == PageDefinition(
                    id: "a", title: "a", content: .panel(Panel(widgets: [])),
                    sourceFile: "pages/a.toml"))
    }

    @Test("containers keep their children in order with their options or defaults")
    func containers() throws {
        let result = loadMemory([
            "kiosk.toml": "home = \"cube\"\n",
            "pages/cube.toml":
                "type = \"cube\"\nfaces = [\"dd\", \"st\", \"tb\"]\nwrap = false\norientation = \"vertical\"\n",
            "pages/dd.toml":
                "type = \"drilldown\"\nroot = \"p\"\nleft_width = 300\nfold_below = 0\n",
            "pages/st.toml":
                "type = \"stack\"\nroot = \"p\"\n[transition]\ntype = \"pushrotate\"\norientation = \"bottom-to-top\"\nduration = 0\n",
            "pages/tb.toml":
                "title = \"Tabs\"\ntype = \"tabs\"\npages = [\"p\", \"q\"]\n[transition]\norientation = \"left-to-right\"\n",
            "pages/p.toml": "type = \"drilldown\"\nroot = \"q\"\n",
            "pages/q.toml": "type = \"stack\"\nroot = \"r\"\n",
            "pages/r.toml": "type = \"panel\"\n"
        ])
        // The tabs' default fade has no direction: its orientation is kept but warned about.
        #expect(
            result.diagnostics.map(\.description) == [
                "pages/tb.toml:5:1: warning: transition.orientation: a fade transition has no direction; orientation does nothing here"
            ])
        let pages = try #require(result.configuration).pages
        #expect(
            pages["cube"]?.content
                == .cube(CubeSpec(faces: ["dd", "st", "tb"], wraps: false, orientation: .vertical)))
        #expect(
            pages["dd"]?.content
                == .drillDown(DrillDownSpec(root: "p", leftWidth: 300, foldBelow: 0)))
        #expect(
            pages["st"]?.content
                == .stack(
                    StackSpec(
                        root: "p",
                        transition: TransitionSpec(
                            kind: .pushRotate, orientation: .bottomToTop, duration: 0))))
        #expect(
            pages["tb"]?.content
                == .tabs(
                    TabsSpec(
                        pages: ["p", "q"],
                        transition: TransitionSpec(
                            kind: .fade, orientation: .leftToRight, duration: 0.25))))
        #expect(pages["tb"]?.title == "Tabs")
        #expect(pages["p"]?.content == .drillDown(DrillDownSpec(root: "q")))
        #expect(pages["q"]?.content == .stack(StackSpec(root: "r")))
    }

    @Test("every widget type arrives with its fields, defaults and absolute paths")
    func widgets() throws {
        var files: [String: [UInt8]] = [
            "kiosk.toml": Array("home = \"w\"\n".utf8),
            "pages/other.toml": Array("type = \"panel\"\n".utf8),
            "images/pic.png": Self.png,
            "pages/w.toml": Array(
                """
                type = "panel"
                background = "#000000"
                [[widget]]
                type = "title"
                text = "T"
                subtitle = "S"
                [[widget]]
                type = "text"
                markup = "<b>x</b> &amp; y"
                size = 30
                align = "center"
                [[widget]]
                type = "image"
                path = "./images/../images/pic.png"
                [[widget]]
                type = "list"
                [[widget.row]]
                label = "Go"
                detail = "d"
                open = "other"
                [[widget.row]]
                label = "Back"
                action = "back"
                chevron = false
                [[widget.row]]
                label = "Plain"
                [[widget]]
                type = "grid"
                [[widget.tile]]
                label = "Next"
                icon = "images/pic.png"
                action = "next"
                style = "button"
                [[widget.tile]]
                label = "Prev"
                action = "previous"
                [[widget.tile]]
                label = "Home"
                action = "home"
                [[widget]]
                type = "clock"
                [[widget]]
                type = "keyvalue"
                [[widget.row]]
                key = "K"
                value = ""
                [[widget]]
                type = "file"
                label = "Temp"
                path = "data/t"
                [[widget]]
                type = "file"
                label = "Abs"
                path = "/run/sensor"
                unit = "°C"
                placeholder = "?"
                [[widget]]
                type = "spacer"
                """.utf8)
        ]
        files["pages/w.toml"]? += Array("\n".utf8)
        let result = ConfigLoader.load(files: MemoryFiles(files: files))
        #expect(result.diagnostics == [])
        let page = try #require(result.configuration?.pages["w"])
        guard case .panel(let panel) = page.content else {
            Issue.record("not a panel")
            return
        }
        #expect(panel.background == RGBA(red: 0, green: 0, blue: 0))
        #expect(
            panel.widgets == [
                .title(TitleWidget(text: "T", subtitle: "S")),
                .text(TextWidget(markup: "<b>x</b> &amp; y", size: 30, alignment: .center)),
                .image(ImageWidget(path: "/config/images/pic.png", height: 240)),
                .list(
                    ListWidget(rows: [
                        ListRow(label: "Go", detail: "d", action: .open("other")),
                        ListRow(label: "Back", showsChevron: false, action: .back),
                        ListRow(label: "Plain")
                    ])),
                .grid(
                    GridWidget(
                        columns: 3, tileHeight: 140,
                        tiles: [
                            Tile(
                                label: "Next", icon: "/config/images/pic.png", action: .nextFace,
                                style: .button),
                            Tile(label: "Prev", action: .previousFace),
                            Tile(label: "Home", action: .home)
                        ])),
                .clock(ClockWidget()),
                .keyValue(KeyValueWidget(rows: [KeyValueRow(key: "K", value: "")])),
                .fileValue(FileValueWidget(label: "Temp", path: "/config/data/t")),
                .fileValue(
                    FileValueWidget(label: "Abs", path: "/run/sensor", unit: "°C", placeholder: "?")
                ),
                .spacer(SpacerWidget(height: 24))
            ])
        #expect(ListRow(label: "Go", action: .open("other")).showsChevron)
    }

    @Test("an id set in the file replaces the file name")
    func idOverride() throws {
        let result = loadMemory([
            "kiosk.toml": "home = \"start\"\n",
            "pages/01-start.toml": "id = \"start\"\ntype = \"panel\"\n"
        ])
        #expect(result.diagnostics == [])
        #expect(
            try #require(result.configuration).pages["start"]?.sourceFile == "pages/01-start.toml")
    }
}
