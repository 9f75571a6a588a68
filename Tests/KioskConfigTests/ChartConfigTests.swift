import KioskCore
import Testing

@testable import KioskConfig

/// `history` on a value and the chart, gauge and bar widgets: what is read, and one clear line
/// per mistake with its file and line.
@Suite("Chart config")
struct ChartConfigTests {
    static func load(value extra: String, widget: String) -> ConfigLoadResult {
        loadMemory([
            "kiosk.toml": """
            home = "p"
            [[value]]
            name = "speed"
            source = "external"
            thresholds = { warning_above = 110, alarm_above = 130 }
            \(extra)
            [[value]]
            name = "plain"
            source = "external"
            """,
            "pages/p.toml": """
            type = "panel"
            [[widget]]
            \(widget)
            """
        ])
    }

    static func messages(_ result: ConfigLoadResult) -> [String] {
        result.diagnostics.map(\.description)
    }

    @Test("history as a window or a count, and every chart, gauge and bar key")
    func reads() throws {
        let chart = Self.load(
            value: "history = \"10m\"",
            widget: """
                type = "chart"
                values = ["speed"]
                label = "Speed"
                unit = "m/min"
                style = "area"
                min = 0
                max = "auto"
                height = 300
                """)
        #expect(Self.messages(chart) == [])
        let configuration = try #require(chart.configuration)
        #expect(configuration.settings.control.value("speed")?.history == .duration(seconds: 600))
        guard case .panel(let panel) = configuration.page("p")?.content,
            case .chart(let w) = panel.widgets.first
        else { Issue.record("no chart"); return }
        #expect(
            w
                == ChartWidget(
                    values: ["speed"], label: "Speed", unit: "m/min", style: .area,
                    minimum: .fixed(0), maximum: .auto, height: 300))
        let counted = Self.load(
            value: "history = 300",
            widget: "type = \"gauge\"\nvalue = \"plain\"\nmin = -10\nmax = 10\nsize = 180")
        #expect(Self.messages(counted) == [])
        #expect(counted.configuration?.settings.control.value("speed")?.history == .samples(300))
        let bar = Self.load(
            value: "", widget: "type = \"bar\"\nvalue = \"speed\"\norientation = \"vertical\"")
        guard case .panel(let barPanel)? = bar.configuration?.page("p")?.content,
            case .bar(let b) = barPanel.widgets.first
        else { Issue.record("no bar"); return }
        #expect(b.orientation == .vertical && b.minimum == 0 && b.maximum == 100)
    }

    @Test("bad history, min above max, an unknown style, a chart without history: one line each")
    func diagnostics() {
        let cases: [(value: String, widget: String, expected: String)] = [
            (
                "history = \"ten minutes\"", "type = \"value\"\nlabel = \"\"\nvalue = \"speed\"",
                "kiosk.toml:6:1: error: value[1].history: expected a time window such as \"10m\", \"30s\" or \"1h\" (at most 24h), or a sample count such as 300; found \"ten minutes\""
            ),
            (
                "history = 1", "type = \"value\"\nlabel = \"\"\nvalue = \"speed\"",
                "kiosk.toml:6:1: error: value[1].history: must be at least 2, found 1"
            ),
            (
                "history = \"10m\"", "type = \"chart\"\nvalue = \"speed\"\nmin = 10\nmax = 5",
                "pages/p.toml:6:1: error: widget[1].max: max (5) must be greater than min (10)"
            ),
            (
                "history = \"10m\"", "type = \"gauge\"\nvalue = \"speed\"\nmin = 100",
                "pages/p.toml:5:1: error: widget[1].min: max (100) must be greater than min (100)"
            ),
            (
                "history = \"10m\"", "type = \"chart\"\nvalue = \"speed\"\nstyle = \"bars\"",
                "pages/p.toml:5:1: error: widget[1].style: unknown chart style \"bars\"; expected one of area, line"
            ),
            (
                "", "type = \"chart\"\nvalue = \"plain\"",
                "pages/p.toml:4:1: error: widget[1].value: value \"plain\" keeps no history for a chart; add history = \"10m\" (or a sample count) to its [[value]]"
            ),
            (
                "", "type = \"gauge\"\nvalue = \"sped\"",
                "pages/p.toml:4:1: error: widget[1].value: unknown value \"sped\" (define it in kiosk.toml with [[value]] name = \"sped\"); did you mean 'speed'?"
            )
        ]
        for c in cases {
            let result = Self.load(value: c.value, widget: c.widget)
            #expect(result.configuration == nil)
            #expect(Self.messages(result) == [c.expected], "\(c.widget)")
        }
    }
}
