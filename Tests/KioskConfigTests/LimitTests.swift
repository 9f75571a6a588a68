import KioskCore
import Testing

@testable import KioskConfig

/// The limits of `ConfigLimits` at their edges: the limit itself passes, one more is refused.
@Suite("Config limits")
struct LimitTests {
    func load(page: String, kiosk: String = "home = \"home\"\n") -> ConfigLoadResult {
        ConfigLoader.load(
            files: MemoryFiles(files: [
                "kiosk.toml": Array(kiosk.utf8), "pages/home.toml": Array(page.utf8)
            ]))
    }

    @Test("a word of exactly the limit passes; one character more is an error")
    func wordLength() {
        let ok = String(repeating: "w", count: ConfigLimits.wordScalars)
        #expect(
            !load(page: "type = \"panel\"\n[[widget]]\ntype = \"title\"\ntext = \"\(ok)\"\n")
                .hasErrors)
        let result = load(
            page: "type = \"panel\"\n[[widget]]\ntype = \"title\"\ntext = \"\(ok)w\"\n")
        #expect(
            result.errors.map(\.message) == [
                "a word of 501 characters without a space; at most 500 are allowed"
            ])
    }

    @Test(
        "nesting of exactly the limit passes; one more container is an error at the outermost page")
    func nesting() {
        func chain(_ depth: Int) -> ConfigLoadResult {
            var files: [String: [UInt8]] = ["kiosk.toml": Array("home = \"c1\"\n".utf8)]
            for i in 1...depth {
                files["pages/c\(i).toml"] = Array("type = \"stack\"\nroot = \"c\(i + 1)\"\n".utf8)
            }
            files["pages/c\(depth + 1).toml"] = Array("type = \"panel\"\n".utf8)
            return ConfigLoader.load(files: MemoryFiles(files: files))
        }
        #expect(!chain(ConfigLimits.nestingDepth).hasErrors)
        let deep = chain(2000)
        #expect(
            deep.diagnostics.map(\.description) == [
                "pages: error: 2001 page files; at most 500 are allowed"
            ])
        let over = chain(ConfigLimits.nestingDepth + 1)
        #expect(over.errors.map(\.file) == ["pages/c1.toml"])
    }

    @Test("preview sizes and scales are bounded, and so is their product")
    func preview() {
        let page = "type = \"panel\"\n"
        #expect(
            !load(
                page: page,
                kiosk: "home = \"home\"\n[preview]\nwidth = 8192\nheight = 4096\nscale = 1\n"
            ).hasErrors)
        #expect(
            load(page: page, kiosk: "home = \"home\"\n[preview]\nwidth = 8192\nscale = 1.5\n")
                .hasErrors)
        #expect(
            load(page: page, kiosk: "home = \"home\"\n[preview]\nwidth = 9223372036854775807\n")
                .hasErrors)
        #expect(load(page: page, kiosk: "home = \"home\"\n[preview]\nscale = 1e300\n").hasErrors)
    }

    @Test("every diagnostic prints a key with a newline or escape character escaped")
    func escapedKeys() {
        let result = load(page: "type = \"panel\"\n\"a\\nb\\u001b\" = 1\n")
        #expect(
            result.diagnostics.map(\.description).allSatisfy {
                !$0.contains("\n") && !$0.contains("\u{1b}")
            })
        #expect(result.diagnostics.first?.description.contains("a\\nb\\u{1b}") == true)
    }
}
