import KioskCore
import Testing

@testable import KioskConfig

/// `[languages]` and `lang/<code>.toml`: the strings are read into the catalog, and every
/// `@key` a page uses that a language lacks is one warning at the line of the use.
@Suite("Language config")
struct LanguageConfigTests {
    static let kiosk = """
        home = "p"
        [languages]
        default = "en"
        available = ["en", "de"]
        """
    static let page = """
        type = "panel"
        title = "@title"
        [[widget]]
        type = "grid"
        columns = 2
        tile_height = 48
        [[widget.tile]]
        label = "@welcome"
        language = "de"
        [[widget.tile]]
        label = "@@home"  # an escaped @, not a key
        open = "p"
        """

    static func load(
        en: String = "title = \"Home\"\nwelcome = \"Welcome\"\n",
        de: String? = "title = \"Start\"\n[language]\nname = \"Deutsch\"\n[keys]\nx = \"y\"\n",
        page: String = page, kiosk: String = kiosk
    ) -> ConfigLoadResult {
        var files = ["kiosk.toml": kiosk, "pages/p.toml": page, "lang/en.toml": en]
        if let de { files["lang/de.toml"] = de }
        return loadMemory(files)
    }

    @Test("the strings and names are read; the loaded pages keep their @keys")
    func readsCatalog() throws {
        let result = Self.load()
        let catalog = try #require(result.configuration?.settings.languages)
        #expect(catalog.defaultLanguage == "en" && catalog.available == ["en", "de"])
        #expect(catalog.strings["de"]?["keys.x"] == "y")
        #expect(catalog.names["de"] == "Deutsch")
        #expect(result.configuration?.page("p")?.title == "@title")
        #expect(result.configuration?.localized(to: "de").page("p")?.title == "Start")
    }

    @Test("a key missing in a language is a warning at the use's line, naming the fallback")
    func missingKeyWarns() {
        let result = Self.load()
        #expect(result.errors.isEmpty, "\(result.diagnostics)")
        #expect(
            result.warnings.map(\.description) == [
                "pages/p.toml:8:9: warning: \"@welcome\" is not in lang/de.toml: the panel shows the en text there"
            ])
    }

    @Test("a key the default language lacks shows as the key; one warning per language")
    func missingEverywhere() {
        let result = Self.load(en: "welcome = \"Welcome\"\n")
        #expect(
            result.warnings.map(\.description) == [
                "pages/p.toml:2:9: warning: \"@title\" is not in lang/en.toml: the panel shows \"title\"",
                "pages/p.toml:8:9: warning: \"@welcome\" is not in lang/de.toml: the panel shows the en text there"
            ])
    }

    @Test(
        "wrong [languages], a missing file, a non-string and an unknown language action are errors")
    func refusals() {
        let cases: [(result: ConfigLoadResult, expected: String)] = [
            (
                Self.load(de: nil),
                "kiosk.toml:4:1: error: languages.available[2]: no lang/de.toml for language \"de\"; write its strings there (key = \"text\")"
            ),
            (
                Self.load(en: "title = 3\nwelcome = \"W\"\n"),
                "lang/en.toml:1:1: error: title: expected a string, found an integer"
            ),
            (
                Self.load(
                    page: Self.page.replacingOccurrences(
                        of: "language = \"de\"", with: "language = \"fr\"")),
                "pages/p.toml:9:12: error: language \"fr\" is not one of [languages] available in kiosk.toml (en, de)"
            ),
            (
                Self.load(kiosk: "home = \"p\"\n[languages]\ndefault = \"English\"\n"),
                "kiosk.toml:3:1: error: languages.default: \"English\" is not a language code; write one like \"en\", \"de\" or \"pt-BR\" (its strings are in lang/English.toml)"
            ),
            (
                Self.load(
                    kiosk:
                        "home = \"p\"\n[languages]\ndefault = \"fr\"\navailable = [\"en\", \"de\"]\n"
                ),
                "kiosk.toml:4:1: error: languages.available: the default language \"fr\" must be one of the available ones"
            )
        ]
        for (result, expected) in cases {
            #expect(result.configuration == nil)
            #expect(result.errors.map(\.description).contains(expected), "\(result.diagnostics)")
        }
    }

    @Test("@keys without [languages] are shown as written, and check says so once")
    func keysWithoutLanguages() {
        let result = Self.load(kiosk: "home = \"p\"\n")
        #expect(result.errors.isEmpty)
        #expect(
            result.warnings.map(\.description) == [
                "pages/p.toml:2:9: warning: \"@title\" is shown as written: kiosk.toml has no [languages] (default = \"en\", available = [...]) and no lang/ files"
            ])
    }
}
