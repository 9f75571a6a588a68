import KioskCore
import Testing

@testable import KioskRender

/// Widgets that show live values redraw only their own regions (a card, a text, one list row)
/// when the values the renderer is handed change, and nothing when they do not.
@Suite("Live value surfaces")
struct LiveValueSurfaceTests {
    typealias S = SurfaceTestSupport
    static let size = Size(width: 800, height: 600)

    static func lookup(_ values: [String: LiveValue], _ rows: [String: [ValueRow]])
        -> LiveValueLookup
    {
        LiveValueLookup(value: { values[$0] }, rows: { rows[$0] ?? [] })
    }

    static let panel = Panel(widgets: [
        .value(ValueWidget(label: "Speed", value: "speed", unit: "m/min")),
        .liveText(LiveTextWidget(template: "Shift: {shift}")),
        .valueRows(
            ValueRowsWidget(
                value: "trains", label: "{time}  {to}", detail: "{platform}", maxRows: 3))
    ])

    static func trains(_ first: String) -> [ValueRow] {
        [
            ValueRow(["time": "08:10", "to": first, "platform": "3"]),
            ValueRow(["time": "09:00", "to": "Süd", "platform": "1"])
        ]
    }

    @Test(
        "a changed list row damages that row only; a changed value its card; equal values nothing")
    func onlyChangedRegions() throws {
        let cache = S.cache(["p": Self.panel])
        let scene = S.scene([S.layer(.panel("p"), size: Self.size)], output: Self.size)
        cache.liveValues = Self.lookup(
            ["speed": LiveValue(text: "96"), "shift": LiveValue(text: "day")],
            ["trains": Self.trains("Nord")])
        #expect(cache.prepare(for: scene, now: S.at(12, 0, 0)).rasterised == [.panel("p")])
        #expect(cache.prepare(for: scene, now: S.at(12, 0, 1)).isEmpty)

        let regions = cache.renderer.layout(panel: Self.panel, size: Self.size, theme: .standard)
            .dynamicRegions
        #expect(
            regions.map(\.source) == [
                .value(name: "speed"), .template("Shift: {shift}"), .row(name: "trains", index: 0),
                .row(name: "trains", index: 1), .row(name: "trains", index: 2)
            ])
        cache.liveValues = Self.lookup(
            ["speed": LiveValue(text: "96"), "shift": LiveValue(text: "day")],
            ["trains": Self.trains("Hafen")])
        #expect(
            cache.prepare(for: scene, now: S.at(12, 0, 2)).damage == [
                .panel("p"): [regions[2].rect]
            ])

        cache.liveValues = Self.lookup(
            ["speed": LiveValue(text: "131", level: .alarm), "shift": LiveValue(text: "day")],
            ["trains": Self.trains("Hafen")])
        #expect(
            cache.prepare(for: scene, now: S.at(12, 0, 3)).damage == [
                .panel("p"): [regions[0].rect]
            ])

        // The same text turning stale is a change too.
        cache.liveValues = Self.lookup(
            [
                "speed": LiveValue(text: "131", isStale: true, level: .alarm),
                "shift": LiveValue(text: "day")
            ], ["trains": Self.trains("Hafen")])
        #expect(
            cache.prepare(for: scene, now: S.at(12, 0, 4)).damage == [
                .panel("p"): [regions[0].rect]
            ])
    }

    @Test("values are text: markup and placeholders inside a value are shown as written")
    func valuesAreText() {
        var context = RenderContext(now: S.at(12, 0, 0))
        context.values = {
            $0 == "shift"
                ? LiveValue(text: "<b>x</b> {speed}") : $0 == "speed" ? LiveValue(text: "96") : nil
        }
        #expect(context.expand("Shift: {shift}, {unknown}") == "Shift: <b>x</b> {speed}, {unknown}")
    }
}
