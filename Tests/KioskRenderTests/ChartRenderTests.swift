import KioskCore
import Testing
import KioskTestSupport

@testable import KioskRender

/// Charts, gauges and bars: goldens to look at, pixels that show a gap as a gap, and a new
/// sample redrawing the chart's card and nothing else.
@Suite("Chart widgets", .serialized)
struct ChartRenderTests {
    typealias S = SurfaceTestSupport
    static let thresholds = Thresholds(warningAbove: 110, alarmAbove: 130)

    /// `speed`: 60 samples a second apart on a wave, 20…24 not numbers; `load`: a second line.
    static func histories() -> [String: ValueHistory] {
        let speed = ValueHistory(length: .duration(seconds: 60))
        let load = ValueHistory(length: .duration(seconds: 60))
        for i in 0...60 {
            let t = Double(i)
            let wave = 95 + 20 * Self.sine(t / 6) + (i > 40 && i < 46 ? 40 : 0)
            speed.record((20...24).contains(i) ? nil : wave, at: t)
            load.record(60 + t / 2, at: t)
        }
        return ["speed": speed, "load": load]
    }

    /// sin without Foundation (Taylor series after folding into -π…π; enough for a picture).
    static func sine(_ x: Double) -> Double {
        var a = x.truncatingRemainder(dividingBy: 2 * .pi)
        if a > .pi { a -= 2 * .pi }
        var term = a
        var sum = a
        for n in 1...8 {
            term *= -a * a / Double((2 * n) * (2 * n + 1))
            sum += term
        }
        return sum
    }

    static func context(_ histories: [String: ValueHistory], values: [String: LiveValue])
        -> RenderContext
    {
        var context = TestFixtures.context()
        context.values = { values[$0] }
        context.chartData = { name in
            ChartData(history: histories[name], thresholds: name == "load" ? nil : Self.thresholds)
        }
        return context
    }

    static let values: [String: LiveValue] = [
        "speed": LiveValue(text: "112.5", level: .warning), "load": LiveValue(text: "90"),
        "tank": LiveValue(text: "18", level: .warning)
    ]

    static let widgets: [Widget] = [
        .chart(
            ChartWidget(
                values: ["speed", "load"], label: "Line speed and load", unit: "m/min",
                minimum: .fixed(0), maximum: .fixed(150))),
        .chart(ChartWidget(values: ["speed"], label: "Speed (auto axis)", style: .area)),
        .gauge(GaugeWidget(value: "tank", label: "Tank", unit: "%")),
        .bar(BarWidget(value: "speed", label: "Speed", unit: "m/min", maximum: 150)),
        .bar(BarWidget(value: "tank", label: "Tank", orientation: .vertical))
    ]

    func render(_ widgets: [Widget], width: Double, height: Double) throws -> ImageBuffer {
        try TestFixtures.renderer().render(
            panel: Panel(widgets: widgets), size: Size(width: width, height: height), scale: 1,
            theme: .standard, context: Self.context(Self.histories(), values: Self.values))
    }

    @Test("charts, a gauge and bars at 800x480 and 1920x1080")
    func goldens() throws {
        goldenImages.check(
            try render(Array(Self.widgets.prefix(3)), width: 800, height: 480 * 1.6),
            named: "charts-800x480")
        goldenImages.check(
            try render(Self.widgets, width: 1920, height: 1080 * 1.2), named: "charts-1920x1080")
    }

    @Test(
        "a payload of 1e30 (or -1e30) draws on a chart, a gauge and a bar instead of stopping the panel"
    )
    func hugeNumbers() throws {
        let huge = ValueHistory(length: .samples(10))
        for (i, v) in [1.0, 1e30, -1e30, 5].enumerated() { huge.record(v, at: Double(i)) }
        var context = Self.context([:], values: ["huge": LiveValue(text: "1e30")])
        context.chartData = { _ in ChartData(history: huge, thresholds: nil) }
        let image = try TestFixtures.renderer().render(
            panel: Panel(widgets: [
                .chart(ChartWidget(values: ["huge"], label: "Huge")),
                .gauge(GaugeWidget(value: "huge", label: "Huge")),
                .bar(BarWidget(value: "huge", label: "Huge"))
            ]), size: Size(width: 640, height: 1200), scale: 1, theme: .standard,
            context: context)
        #expect(image.width == 640)
        #expect(ChartNumber.format(1e30) == "1e+30")
    }

    @Test("a chart leaves its gaps empty and draws its line elsewhere")
    func gapIsAGap() throws {
        let widget = ChartWidget(
            values: ["speed"], label: "", minimum: .fixed(0), maximum: .fixed(150), height: 300)
        let image = try render([.chart(widget)], width: 640, height: 400)
        let accent = Theme.standard.accent
        func hasLine(atX x: Int) -> Bool {
            (0..<image.height).contains { y in
                let p = image.pixel(x: x, y: y)
                let r = Double((p >> 16) & 0xFF) / 255
                let g = Double((p >> 8) & 0xFF) / 255
                return abs(r - accent.red) < 0.08 && abs(g - accent.green) < 0.08
            }
        }
        // Plot: x from 32 + 20 to 640 - 32 - 20 over 60 s; samples 20…24 are gaps (t 19…25 has
        // no segment).
        let plotX = { (t: Double) in Int(52 + (t / 60) * (640 - 104)) }
        #expect(hasLine(atX: plotX(10)))
        #expect(!hasLine(atX: plotX(21.5)))
        #expect(!hasLine(atX: plotX(23)))
        #expect(hasLine(atX: plotX(35)))
    }

    @Test("a new sample damages the chart's card only; the same history again damages nothing")
    func newSampleRedrawsItsCard() throws {
        let size = Size(width: 800, height: 900)
        let panel = Panel(widgets: [
            .value(ValueWidget(label: "Other", value: "other")),
            .chart(ChartWidget(values: ["speed"], label: "Speed"))
        ])
        let cache = S.cache(["p": panel])
        let scene = S.scene([S.layer(.panel("p"), size: size)], output: size)
        let speed = ValueHistory(length: .samples(100))
        let lookup = LiveValueLookup(
            value: { $0 == "other" ? LiveValue(text: "1") : LiveValue(text: "5") },
            rows: { _ in [] },
            charts: { ChartData(history: $0 == "speed" ? speed : nil, thresholds: nil) })
        cache.liveValues = lookup
        speed.record(5, at: 0)
        #expect(cache.prepare(for: scene, now: S.at(12, 0, 0)).rasterised == [.panel("p")])
        #expect(cache.prepare(for: scene, now: S.at(12, 0, 1)).isEmpty)
        let regions = cache.renderer.layout(panel: panel, size: size, theme: .standard)
            .dynamicRegions
        #expect(regions.map(\.source) == [.value(name: "other"), .chart(names: ["speed"])])
        speed.record(5, at: 1)  // the same number: the line still moves on
        #expect(
            cache.prepare(for: scene, now: S.at(12, 0, 2)).damage == [
                .panel("p"): [regions[1].rect]
            ])
        #expect(cache.prepare(for: scene, now: S.at(12, 0, 3)).isEmpty)
    }

    @Test("the scale: fixed ends as written, auto ones around the data, never empty")
    func axis() {
        let flat = ValueHistory(length: .samples(5))
        flat.record(3, at: 0)
        flat.record(3, at: 1)
        let data = [ChartData(history: flat, thresholds: nil)]
        let auto = PageRenderer.axis(ChartWidget(values: ["a"]), data: data)
        #expect(auto.lowerBound < 3 && auto.upperBound > 3)
        let fixed = PageRenderer.axis(
            ChartWidget(values: ["a"], minimum: .fixed(-5), maximum: .fixed(5)), data: data)
        #expect(fixed == -5...5)
        let empty = PageRenderer.axis(
            ChartWidget(values: ["a"]), data: [ChartData(history: nil, thresholds: nil)])
        #expect(empty.upperBound > empty.lowerBound)
        #expect(PageRenderer.fraction(250, 0, 100) == 1 && PageRenderer.fraction(-3, 0, 100) == 0)
    }
}
