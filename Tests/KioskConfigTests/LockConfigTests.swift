import KioskCore
import Testing

@testable import KioskConfig

/// `lock = "<hash>"` on a page: a crypt(3) hash is taken, anything else is one error line with
/// file and line (and never the value itself: it may be the PIN).
@Suite("Lock config")
struct LockConfigTests {
    /// A yescrypt hash of 4711, as `kiosk-shell hash-pin` made it.
    static let hash = "$y$j9T$NYiNEzAGN5GlT5ZafByVg/$Q4LXWfhAOJ2Fh7BuGKwR7b0nwMwb3sMYOdWprm6jV.2"

    static func load(_ lock: String, idle: String = "[idle]\nhome_after = 60")
        -> ConfigLoadResult
    {
        loadMemory([
            "kiosk.toml": "home = \"p\"\n\(idle)",
            "pages/p.toml": """
            type = "panel"
            title = "Settings"
            lock = "\(lock)"
            """
        ])
    }

    @Test("a hash is kept on the page")
    func takesHash() {
        let result = Self.load(Self.hash)
        #expect(result.diagnostics.isEmpty)
        #expect(result.configuration?.page("p")?.lock == Self.hash)
    }

    @Test("the PIN itself, a cut-off hash, an unknown method: one error each, with file:line")
    func refusesNonHashes() {
        let made = "make one with `echo PIN | kiosk-shell hash-pin`"
        let cases: [(input: String, expected: String)] = [
            ("4711", "pages/p.toml:3:1: error: lock: is not a PIN hash (\"$y$…$…$…\"); \(made)"),
            ("$y$j9T$", "pages/p.toml:3:1: error: lock: is not a PIN hash (\"$y$…$…$…\"); \(made)"),
            (
                "$1$abc$def",
                "pages/p.toml:3:1: error: lock: \"$1$\" is not a crypt(3) method libcrypt verifies; \(made)"
            ),
            (
                "$y$j9T$a b$c",
                "pages/p.toml:3:1: error: lock: holds characters a PIN hash never has; \(made)"
            )
        ]
        expectEachRefused(cases) { Self.load($0) }
    }

    @Test("without [idle] home_after a lock is taken with a warning: it would never lock again")
    func warnsWithoutIdleHome() {
        let result = Self.load(Self.hash, idle: "")
        #expect(result.configuration?.page("p")?.lock == Self.hash)
        #expect(
            result.diagnostics.map(\.description) == [
                "pages/p.toml:3:1: warning: lock: the page locks again only on idle; set [idle] home_after in kiosk.toml"
            ])
    }
}
