import Testing

@testable import KioskCore

@Suite("Language catalog")
struct LanguageCatalogTests {
    let catalog = LanguageCatalog(
        defaultLanguage: "en",
        strings: [
            "en": ["welcome": "Welcome", "open_map": "Open map", "hall.east": "East hall"],
            "de": ["welcome": "Willkommen", "hall.east": "Osthalle"]
        ],
        rightToLeftCodes: ["yi"])

    @Test("@key is looked up in the current language, nested keys by their dotted name")
    func lookup() {
        #expect(catalog.resolve("@welcome", in: "de") == "Willkommen")
        #expect(catalog.resolve("@welcome", in: "en") == "Welcome")
        #expect(catalog.resolve("@hall.east", in: "de") == "Osthalle")
    }

    @Test("a key missing in the language falls back to the default language, then to the key")
    func fallback() {
        #expect(catalog.resolve("@open_map", in: "de") == "Open map")
        #expect(catalog.resolve("@open_map", in: "fr") == "Open map")
        #expect(catalog.resolve("@nowhere", in: "de") == "nowhere")
    }

    @Test("@@ escapes a literal @; plain text, a lone @ and @ inside text are shown unchanged")
    func escapes() {
        #expect(catalog.resolve("@@welcome", in: "de") == "@welcome")
        #expect(catalog.resolve("@@", in: "de") == "@")
        #expect(catalog.resolve("Mail us @ desk", in: "de") == "Mail us @ desk")
        #expect(catalog.resolve("@", in: "de") == "@")
        #expect(catalog.resolve("", in: "de") == "")
    }

    @Test("right to left: detected from ar/he/fa/ur (also with a region), or configured")
    func rightToLeft() {
        #expect(catalog.isRightToLeft("ar"))
        #expect(catalog.isRightToLeft("he"))
        #expect(catalog.isRightToLeft("ar-EG"))
        #expect(catalog.isRightToLeft("yi"))
        #expect(!catalog.isRightToLeft("de"))
        #expect(!catalog.isRightToLeft("en"))
    }

    @Test("missing keys per language, once each and in order of use, ignoring escaped texts")
    func missing() {
        let texts = ["@open_map", "@welcome", "@@literal", "plain", "@open_map", "@nowhere"]
        #expect(catalog.missingKeys(in: texts, for: "de") == ["open_map", "nowhere"])
        #expect(catalog.missingKeys(in: texts, for: "en") == ["nowhere"])
    }
}
