import KioskCore
import Testing

@testable import KioskRender

/// A chart that scrolls its kept lines (`ChartLineLayer`) shows what a full redraw shows: real
/// cairo output compared pixel by pixel after every one of hundreds of samples, at scale 1 and
/// 2, with gaps, two series, an area and an axis that moves.
@Suite("Chart scrolling")
struct ChartScrollTests {
    /// How far two renders are apart: the largest channel difference and the pixels that differ
    /// by more than 2 in any channel.
    static func difference(_ a: ImageBuffer, _ b: ImageBuffer) -> (largest: Int, pixels: Int) {
        var largest = 0
        var pixels = 0
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
                if most > 2 { pixels += 1 }
            }
        }
        return (largest, pixels)
    }

    /// Feeds `samples` samples at 10 a second (every 17th not a number) to two values and
    /// renders `chart` after each with a scrolling renderer and a full-redraw one; returns the
    /// worst difference seen and the scrolling renderer's counts.
    static func compare(
        _ chart: ChartWidget, history: HistoryLength, samples: Int, scale: Double,
        size: Size = Size(width: 480, height: 320)
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
        full.scrollsCharts = false
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

    @Test("a fixed-axis chart scrolls on every sample and matches a full redraw over 400 samples")
    func fixedAxisScrolls() throws {
        let chart = ChartWidget(
            values: ["speed", "load"], label: "Speed", minimum: .fixed(0), maximum: .fixed(150),
            height: 300)
        let r = try Self.compare(chart, history: .duration(seconds: 20), samples: 400, scale: 1)
        #expect(r.scrolls >= 398, "scrolled \(r.scrolls) times, drew \(r.fullDraws) in full")
        #expect(r.largest <= 12 && r.pixels <= 8, "largest \(r.largest), pixels \(r.pixels)")
    }

    @Test("an area chart at scale 2 scrolls and matches a full redraw")
    func areaAtScaleTwo() throws {
        let chart = ChartWidget(
            values: ["speed", "load"], label: "Speed", style: .area, minimum: .fixed(0),
            maximum: .fixed(150), height: 300)
        let r = try Self.compare(chart, history: .duration(seconds: 15), samples: 250, scale: 2)
        #expect(r.scrolls >= 248, "scrolled \(r.scrolls) times, drew \(r.fullDraws) in full")
        #expect(r.largest <= 12 && r.pixels <= 16, "largest \(r.largest), pixels \(r.pixels)")
    }

    @Test("an automatic axis that moves draws the lines in full and still matches")
    func movingAxisRedraws() throws {
        let chart = ChartWidget(values: ["speed"], label: "Auto", height: 300)
        let r = try Self.compare(chart, history: .duration(seconds: 10), samples: 200, scale: 1)
        #expect(r.fullDraws > 1, "the axis moved, so some draws were full")
        #expect(r.largest <= 12 && r.pixels <= 8, "largest \(r.largest), pixels \(r.pixels)")
    }

    @Test("a sample-count history whose ring drops its oldest sample matches a full redraw")
    func sampleCountRing() throws {
        let chart = ChartWidget(
            values: ["speed", "load"], label: "Count", minimum: .fixed(0), maximum: .fixed(150),
            height: 300)
        let r = try Self.compare(chart, history: .samples(40), samples: 120, scale: 1)
        #expect(r.largest <= 12 && r.pixels <= 8, "largest \(r.largest), pixels \(r.pixels)")
    }
}
