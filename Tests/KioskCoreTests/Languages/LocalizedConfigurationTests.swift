import Testing

@testable import KioskCore

/// A configuration in one language: the texts a visitor reads resolved, everything the
/// navigation depends on untouched, the direction from the language, the picker marked.
@Suite("Localized configuration")
struct LocalizedConfigurationTests {
    static let catalog = LanguageCatalog(
        defaultLanguage: "en",
        strings: [
            "en": ["home": "Home", "welcome": "Welcome", "date": "%A %e %B", "ask": "Sure?"],
            "de": ["home": "Start", "welcome": "Willkommen", "date": "%d.%m."],
            "ar": ["home": "الرئيسية"]
        ],
        available: ["en", "de", "ar"])

    static func configuration() -> KioskConfiguration {
        let panel = Panel(widgets: [
            .title(TitleWidget(text: "@welcome", subtitle: "@@not a key")),
            .clock(ClockWidget(format: "@date")),
            .grid(
                GridWidget(
                    columns: 2, tileHeight: 48,
                    tiles: [
                        Tile(label: "English", action: .language("en")),
                        Tile(label: "Deutsch", action: .language("de")),
                        Tile(
                            label: "@home",
                            action: .command(
                                CommandAction(
                                    name: "restart",
                                    effect: .run(ProgramAction(argv: ["/bin/true"])),
                                    confirm: "@ask")))
                    ])),
            .value(ValueWidget(label: "@welcome", value: "speed"))
        ])
        var settings = KioskSettings(home: "p")
        settings.languages = catalog
        return KioskConfiguration(
            settings: settings,
            pages: ["p": PageDefinition(id: "p", title: "@home", content: .panel(panel))],
            directory: "/config")
    }

    static func widgets(_ configuration: KioskConfiguration) -> [Widget] {
        guard case .panel(let panel)? = configuration.page("p")?.content else { return [] }
        return panel.widgets
    }

    @Test("German: titles, labels, a clock format and a confirmation resolved; values untouched")
    func german() throws {
        let source = Self.configuration()
        let german = source.localized(to: "de")
        #expect(german.page("p")?.title == "Start")
        let widgets = Self.widgets(german)
        #expect(widgets[0] == .title(TitleWidget(text: "Willkommen", subtitle: "@not a key")))
        #expect(widgets[1] == .clock(ClockWidget(format: "%d.%m.")))
        guard case .grid(let grid) = widgets[2], case .command(let command)? = grid.tiles[2].action
        else {
            Issue.record("the grid lost its tiles or actions")
            return
        }
        #expect(grid.tiles[2].label == "Start")
        // Missing in German: the default language's text.
        #expect(command.confirm == "Sure?")
        #expect(widgets[3] == .value(ValueWidget(label: "Willkommen", value: "speed")))
        #expect(german.settings.theme.layoutDirection == .leftToRight)
        // The source keeps its keys, so the next switch resolves again.
        #expect(source.page("p")?.title == "@home")
    }

    @Test("the picker's tile for the language shown is the accent button, the others plain tiles")
    func pickerMarked() {
        for (code, marked) in [("en", 0), ("de", 1)] {
            guard case .grid(let grid) = Self.widgets(Self.configuration().localized(to: code))[2]
            else { continue }
            #expect(grid.tiles[0].style == (marked == 0 ? .button : .tile))
            #expect(grid.tiles[1].style == (marked == 1 ? .button : .tile))
        }
    }

    @Test("Arabic lays out right to left; an unknown language or nil is the default")
    func directionAndDefault() {
        let source = Self.configuration()
        let arabic = source.localized(to: "ar")
        #expect(arabic.settings.theme.layoutDirection == .rightToLeft)
        #expect(arabic.page("p")?.title == "الرئيسية")
        #expect(source.localized(to: "fr") == source.localized(to: nil))
        #expect(source.localized(to: nil).page("p")?.title == "Home")
    }

    @Test("without [languages] a configuration is shown exactly as written")
    func noLanguages() {
        var source = Self.configuration()
        source.settings.languages = nil
        #expect(source.localized(to: "de") == source)
    }
}
