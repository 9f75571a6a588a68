import KioskCore
import KioskRender

extension BenchCommand {
    static let chartPage = PageID("bench:charts")

    /// The cost of a chart sample as `run` pays it: a page of four charts (each value's 10-minute
    /// history full, 600 points), one new sample, then a frame drawn with only its damage (the
    /// chart's card redrawn in the page surface and recomposed). Process CPU time, so the
    /// compositor's worker threads count too. Measured twice in the same run: with the charts'
    /// lines scrolled (`scrollsCharts`, as `run` draws) and with every sample drawing the whole
    /// history again.
    static func chartSampleLine(configuration: KioskConfiguration, size: Size, samples: Int)
        throws -> String
    {
        let full = try chartSampleMilliseconds(
            configuration: configuration, size: size, samples: samples, scrolling: false)
        let scrolled = try chartSampleMilliseconds(
            configuration: configuration, size: size, samples: samples, scrolling: true)
        let share = { (ms: Double) in BenchmarkReport.format(ms * 40 / 1000 * 100, 1) }
        return
            "chart sample: \(BenchmarkReport.format(scrolled, 2)) ms CPU per sample scrolled, \(BenchmarkReport.format(full, 2)) ms redrawn in full (one of four full 10-minute area charts redrawn and recomposed, \(Int(size.width))x\(Int(size.height))); 10 samples/s on each of four charts, one frame each, costs \(share(scrolled)) % of one core (\(share(full)) % in full)"
    }

    /// Process CPU milliseconds per chart sample, with scrolling on or off.
    private static func chartSampleMilliseconds(
        configuration base: KioskConfiguration, size: Size, samples: Int, scrolling: Bool
    ) throws -> Double {
        var configuration = base
        let names = (1...4).map { "trend-\($0)" }
        let widgets = names.map {
            Widget.chart(ChartWidget(values: [$0], label: $0, style: .area, height: 220))
        }
        configuration.pages[Self.chartPage] = PageDefinition(
            id: Self.chartPage, title: "charts", content: .panel(Panel(widgets: widgets)))
        let thresholds = Thresholds(warningAbove: 80, alarmAbove: 95)
        var histories: [String: ValueHistory] = [:]
        var time = 0.0
        for name in names {
            let history = ValueHistory(length: .duration(seconds: 600))
            for i in 0..<6000 { history.record(50 + Double(i % 97) / 3, at: Double(i) * 0.1) }
            histories[name] = history
        }
        time = 600
        let snapshot = histories
        let kiosk = try BenchKiosk(configuration: configuration, root: Self.chartPage, size: size)
        kiosk.pipeline.renderer.surfaces.liveValues = LiveValueLookup(
            value: { snapshot[$0].map { LiveValue(text: String($0.latest?.value ?? 0)) } },
            rows: { _ in [] },
            charts: { ChartData(history: snapshot[$0], thresholds: thresholds) })
        kiosk.pipeline.renderer.surfaces.renderer.scrollsCharts = scrolling
        kiosk.frame()
        let start = processCPUNanoseconds()
        for i in 0..<samples {
            time += 0.1
            histories[names[i % names.count]]?.record(60 + Double(i % 31), at: time)
            kiosk.frame(whole: false)
        }
        return Double(processCPUNanoseconds() - start) / Double(max(1, samples)) / 1e6
    }
}
