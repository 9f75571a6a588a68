import KioskCore
import Testing

@testable import KioskRender

/// A chart that scrolls its kept lines (`ChartLineLayer`) shows what a full redraw shows: real
/// cairo output compared pixel by pixel after every sample, at scale 1 and
/// 2, with gaps, two series, an area and an axis that moves.
@Suite("Chart scrolling")
struct ChartScrollTests {
    /// How far two renders are apart: the largest channel difference and the pixels that differ
    /// by more than 2 in any channel.
    static func difference(_ a: ImageBuffer, _ b: ImageBuffer) -> (
        largest: Int, pixels: Int, columns: ClosedRange<Int>?
    ) {
        var largest = 0
        var pixels = 0
        var columns: ClosedRange<Int>?
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.pixel(x: x, y: y)
                let q = b.pixel(x: x, y: y)
                var most = 0
                for shift in stride(from: 0, through: 24, by: 8) {
                    let d = abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF))
                    most = max(most, d)
                }
                largest = max(largest, most)
                if most > 2 {
                    pixels += 1
                    columns = min(columns?.lowerBound ?? x, x)...max(columns?.upperBound ?? x, x)
                }
            }
        }
        return (largest, pixels, columns)
    }

    /// Feeds `samples` samples at 10 a second (every 17th not a number) to two values and
    /// renders `chart` after each with a scrolling renderer and a full-redraw one; returns the
    /// worst difference seen and the scrolling renderer's counts.
    static func compare(
        _ chart: ChartWidget, history: HistoryLength, samples: Int, scale: Double,
        size: Size = Size(width: 320, height: 200)
    ) throws -> (largest: Int, pixels: Int, fullDraws: Int, scrolls: Int) {
        let speed = ValueHistory(length: history)
        let load = ValueHistory(length: history)
        var context = TestFixtures.context()
        context.chartData = { name in
            ChartData(
                history: name == "speed" ? speed : load,
                thresholds: Thresholds(warningAbove: 110, alarmAbove: 130))
        }
        let scrolling = TestFixtures.renderer()
        let full = TestFixtures.renderer()
        full.chartLayers.scrollsLayers = false
        let panel = Panel(widgets: [.chart(chart)])
        var worst = (largest: 0, pixels: 0)
        for i in 0..<samples {
            let t = 1000 + Double(i) * 0.1
            let wave = 80 + 30 * ChartRenderTests.sine(Double(i) / 23) + Double(i % 7)
            speed.record(i % 17 == 5 ? nil : wave, at: t)
            load.record(60 + 20 * ChartRenderTests.sine(Double(i) / 41), at: t)
            let a = try scrolling.render(
                panel: panel, size: size, scale: scale, theme: .standard, context: context)
            let b = try full.render(
                panel: panel, size: size, scale: scale, theme: .standard, context: context)
            let d = difference(a, b)
            worst = (max(worst.largest, d.largest), max(worst.pixels, d.pixels))
        }
        let counts = scrolling.chartLayerCounts
        return (worst.largest, worst.pixels, counts.fullDraws, counts.scrolls)
    }

    @Test("a fixed-axis chart scrolls on every sample and matches a full redraw over 100 samples")
    func fixedAxisScrolls() throws {
        let chart = ChartWidget(
            values: ["speed", "load"], label: "Speed", minimum: .fixed(0), maximum: .fixed(150),
            height: 180)
        let r = try Self.compare(chart, history: .duration(seconds: 6), samples: 100, scale: 1)
        #expect(r.scrolls >= 98, "scrolled \(r.scrolls) times, drew \(r.fullDraws) in full")
        #expect(r.largest <= 12 && r.pixels <= 8, "largest \(r.largest), pixels \(r.pixels)")
    }

    @Test("an area chart scrolls and matches a full redraw")
    func areaScrolls() throws {
        let chart = ChartWidget(
            values: ["speed", "load"], label: "Speed", style: .area, minimum: .fixed(0),
            maximum: .fixed(150), height: 180)
        let r = try Self.compare(chart, history: .duration(seconds: 5), samples: 80, scale: 1)
        #expect(r.scrolls >= 78, "scrolled \(r.scrolls) times, drew \(r.fullDraws) in full")
        #expect(r.largest <= 12 && r.pixels <= 8, "largest \(r.largest), pixels \(r.pixels)")
    }

    @Test("a chart at scale 2 is drawn in full on every sample, the same as without scrolling")
    func scaledChartDrawsInFull() throws {
        let chart = ChartWidget(
            values: ["speed", "load"], label: "Speed", style: .area, minimum: .fixed(0),
            maximum: .fixed(150), height: 180)
        let r = try Self.compare(chart, history: .duration(seconds: 2), samples: 30, scale: 2)
        #expect(r.scrolls == 0 && r.fullDraws == 30, "scrolled \(r.scrolls), full \(r.fullDraws)")
        #expect(r.largest == 0, "largest \(r.largest)")
    }

    @Test("an automatic axis that moves draws the lines in full and still matches")
    func movingAxisRedraws() throws {
        let chart = ChartWidget(values: ["speed"], label: "Auto", height: 180)
        let r = try Self.compare(chart, history: .duration(seconds: 4), samples: 80, scale: 1)
        #expect(r.fullDraws > 1, "the axis moved, so some draws were full")
        #expect(r.largest <= 12 && r.pixels <= 8, "largest \(r.largest), pixels \(r.pixels)")
    }

    @Test("a sample-count history whose ring drops its oldest sample matches a full redraw")
    func sampleCountRing() throws {
        let chart = ChartWidget(
            values: ["speed", "load"], label: "Count", minimum: .fixed(0), maximum: .fixed(150),
            height: 180)
        let r = try Self.compare(chart, history: .samples(20), samples: 50, scale: 1)
        #expect(r.largest <= 12 && r.pixels <= 8, "largest \(r.largest), pixels \(r.pixels)")
    }
}
