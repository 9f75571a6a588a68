import KioskCore
import KioskRender
import KioskTestSupport
import Testing

@testable import KioskApp

/// The demo's museum home in English and German (`render --language`), at the two panel sizes:
/// every text of the face re-laid out in the language, the picker marking it. Looked at when
/// recorded.
@Suite("Languages on the demo's home")
struct LanguageGoldenTests {
    static func render(_ language: String?, size: Size) throws -> ImageBuffer {
        _ = AppFixture.fonts
        var rendering = PageRendering(configDirectory: AppFixture.demoConfig, size: size, scale: 1)
        rendering.language = language
        let (configuration, _) = try rendering.loadConfiguration()
        let out = AppFixture.temporaryDirectory() + "/home.png"
        _ = try rendering.render(
            configuration: configuration, pages: ["home"], out: out, intoFolder: false,
            now: AppFixture.instant)
        return try ImageBuffer(pngPath: out)
    }

    @Test(
        "English and German at 800x480 and 1920x1080 look as recorded and differ from each other",
        arguments: [Size(width: 800, height: 480), Size(width: 1920, height: 1080)])
    func englishAndGerman(size: Size) throws {
        let english = try Self.render(nil, size: size)
        let german = try Self.render("de", size: size)
        let name = "\(Int(size.width))x\(Int(size.height))"
        appGoldens.check(english, named: "language-home-en-\(name)")
        appGoldens.check(german, named: "language-home-de-\(name)")
        let (differing, _) = GoldenFolder.difference(english, german)
        #expect(differing > 2000, "German re-lays out the face: \(differing) pixels differ")
        // "en" named is the default.
        let named = try Self.render("en", size: size)
        #expect(GoldenFolder.difference(english, named).0 == 0)
    }

    @Test("render --language with a language not offered fails with the ones that are")
    func notOffered() {
        var rendering = PageRendering(configDirectory: AppFixture.demoConfig)
        rendering.language = "fr"
        #expect {
            _ = try rendering.loadConfiguration()
        } throws: { error in
            (error as? PageRendering.Failure)?.description == "render: --language fr: one of en, de"
        }
    }
}
