import KioskCore
import Testing

@testable import KioskConfig

@Suite("Page text colour")
struct PageTextColorSettingsTests {
    @Test("text_color reaches the panel beside its background; absent is nil")
    func textColorKey() throws {
        let result = loadMemory([
            "kiosk.toml": "home = \"light\"\n",
            "pages/light.toml":
                "type = \"panel\"\nbackground = \"#f4f1e8\"\ntext_color = \"#202020\"\n",
            "pages/plain.toml": "type = \"panel\"\nbackground = \"#f4f1e8\"\n"
        ])
        #expect(result.diagnostics.filter { $0.severity == .error } == [])
        let pages = try #require(result.configuration).pages
        guard case .panel(let light)? = pages["light"]?.content,
            case .panel(let plain)? = pages["plain"]?.content
        else {
            Issue.record("not panels")
            return
        }
        #expect(light.textColor == RGBA(hex: "#202020"))
        #expect(plain.textColor == nil)
    }

    @Test("a malformed text_color is one located error naming the key")
    func badTextColor() {
        let result = loadMemory([
            "kiosk.toml": "home = \"p\"\n",
            "pages/p.toml": "type = \"panel\"\ntext_color = \"dark\"\n"
        ])
        #expect(result.diagnostics.count == 1)
        #expect(
            result.diagnostics.first?.description.hasPrefix("pages/p.toml:2:1: error: text_color:")
                == true)
        #expect(result.configuration == nil)
    }
}
