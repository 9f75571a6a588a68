import KioskCore
import Testing

@testable import KioskConfig

/// The `qr` widget's keys, and one line with file and line per mistake (text too long for the
/// level above all, which `check` must catch before the panel shows a placeholder).
@Suite("QR config")
struct QRConfigTests {
    static func load(_ widget: String) -> ConfigLoadResult {
        loadMemory([
            "kiosk.toml": """
            home = "p"
            [[value]]
            name = "wifi"
            source = "external"
            """,
            "pages/p.toml": """
            type = "panel"
            [[widget]]
            \(widget)
            """
        ])
    }

    static func qr(_ result: ConfigLoadResult) -> QRWidget? {
        guard case .panel(let panel)? = result.configuration?.page("p")?.content,
            case .qr(let w)? = panel.widgets.first
        else { return nil }
        return w
    }

    @Test("fixed text with the defaults; a value with every key")
    func reads() {
        let fixed = Self.load("type = \"qr\"\ntext = \"https://example.com\"")
        #expect(fixed.diagnostics.isEmpty)
        #expect(
            Self.qr(fixed)
                == QRWidget(content: .text("https://example.com"), level: .M, label: "", size: 240))
        let live = Self.load(
            "type = \"qr\"\nvalue = \"wifi\"\nlevel = \"H\"\nlabel = \"Join\"\nsize = 180")
        #expect(live.diagnostics.isEmpty)
        #expect(
            Self.qr(live) == QRWidget(content: .value("wifi"), level: .H, label: "Join", size: 180))
        #expect(Widget.qr(QRWidget(content: .value("wifi"))).valueNames == ["wifi"])
    }

    @Test(
        "too long for the level, both text and value, a bad level, an unknown value: one line each")
    func diagnostics() {
        // Words of at most 500 characters (a longer one is refused on its own).
        let long = String(String(repeating: "abcd ", count: 400).prefix(1664))
        let cases: [(input: String, expected: String)] = [
            (
                "type = \"qr\"\nlevel = \"Q\"\ntext = \"\(long)\"",
                "pages/p.toml:5:1: error: widget[1].text: text of 1664 bytes is too long for a QR code at level Q (at most 1663); shorten it or choose a lower level"
            ),
            (
                "type = \"qr\"\ntext = \"a\"\nvalue = \"wifi\"",
                "pages/p.toml:5:1: error: widget[1].value: set either 'text' (fixed) or 'value' (live), not both"
            ),
            (
                "type = \"qr\"\ntext = \"a\"\nlevel = \"X\"",
                "pages/p.toml:5:1: error: widget[1].level: unknown QR error correction level \"X\"; did you mean 'H'?"
            ),
            (
                "type = \"qr\"\nvalue = \"wify\"",
                "pages/p.toml:4:1: error: widget[1].value: unknown value \"wify\" (define it in kiosk.toml with [[value]] name = \"wify\"); did you mean 'wifi'?"
            ),
            (
                "type = \"qr\"\ntext = \"a\"\nsize = 10",
                "pages/p.toml:5:1: error: widget[1].size: must be at least 40, found 10"
            )
        ]
        expectEachRefused(cases, load: Self.load)
        // The longest text level Q holds is fine.
        let fits = Self.load("type = \"qr\"\nlevel = \"Q\"\ntext = \"\(long.dropLast())\"")
        #expect(fits.diagnostics.isEmpty)
    }
}
