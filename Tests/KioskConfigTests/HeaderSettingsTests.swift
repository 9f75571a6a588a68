import KioskCore
import Testing

@testable import KioskConfig

@Suite("Header settings")
struct HeaderSettingsTests {
    @Test("header = true|false reaches a stack and a drill-down; absent keeps the defaults")
    func headerKeys() throws {
        let result = loadMemory([
            "kiosk.toml": "home = \"dd\"\n",
            "pages/dd.toml": "type = \"drilldown\"\nroot = \"st\"\nheader = false\n",
            "pages/st.toml": "type = \"stack\"\nroot = \"p\"\nheader = true\n",
            "pages/p.toml": "type = \"stack\"\nroot = \"r\"\n",
            "pages/r.toml": "type = \"panel\"\n"
        ])
        #expect(result.diagnostics == [])
        let pages = try #require(result.configuration).pages
        #expect(pages["dd"]?.content == .drillDown(DrillDownSpec(root: "st", showsHeaders: false)))
        #expect(pages["st"]?.content == .stack(StackSpec(root: "p", showsHeader: true)))
        #expect(pages["p"]?.content == .stack(StackSpec(root: "r", showsHeader: nil)))
    }

    @Test("a header that is not true or false is one located error and the page is refused")
    func badHeader() {
        let result = loadMemory([
            "kiosk.toml": "home = \"st\"\n",
            "pages/st.toml": "type = \"stack\"\nroot = \"r\"\nheader = \"yes\"\n",
            "pages/r.toml": "type = \"panel\"\n"
        ])
        #expect(
            result.diagnostics.map(\.description) == [
                "pages/st.toml:3:1: error: header: expected true or false, found a string"
            ])
        #expect(result.configuration == nil)
    }
}

@Suite("Transition orientation warnings")
struct OrientationWarningTests {
    @Test(
        "orientation on cross, fade, backfade, ghost and zoom is a located warning; the page still loads"
    )
    func undirected() throws {
        for kind in ["cross", "fade", "backfade", "ghost", "zoom"] {
            let result = loadMemory([
                "kiosk.toml": "home = \"st\"\n",
                "pages/st.toml":
                    "type = \"stack\"\nroot = \"r\"\n[transition]\ntype = \"\(kind)\"\norientation = \"top-to-bottom\"\n",
                "pages/r.toml": "type = \"panel\"\n"
            ])
            #expect(
                result.diagnostics.map(\.description) == [
                    "pages/st.toml:5:1: warning: transition.orientation: a \(kind) transition has no direction; orientation does nothing here"
                ])
            #expect(result.configuration != nil)
        }
    }

    @Test("orientation on a directed transition (swipe) loads without a warning")
    func directed() {
        let result = loadMemory([
            "kiosk.toml": "home = \"st\"\n",
            "pages/st.toml":
                "type = \"stack\"\nroot = \"r\"\n[transition]\ntype = \"swipe\"\norientation = \"top-to-bottom\"\n",
            "pages/r.toml": "type = \"panel\"\n"
        ])
        #expect(result.diagnostics.isEmpty)
    }
}
