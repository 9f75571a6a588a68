import KioskCore
import KioskRender
import Testing

@testable import KioskApp

/// `render --value` given several times for one value: each payload a sample of its history,
/// spread over the window and ending now, so any chart state can be previewed.
@Suite("render --value histories")
struct ValuePreviewHistoryTests {
    @Test("samples fill the window in order, a non-number is a gap, the last one is the value")
    func feedsHistory() throws {
        var settings = ControlSettings()
        settings.values = [
            ValueDefinition(name: "speed", source: .external, history: .duration(seconds: 60)),
            ValueDefinition(name: "count", source: .external, history: .samples(10))
        ]
        let (lookup, problems) = ValuePreview.lookup(
            for: settings, payloads: ["speed": ["10", "20", "off", "40"], "count": ["1", "2"]])
        #expect(problems == [])
        let speed = try #require(lookup.charts("speed").history)
        #expect(speed.count == 4)
        #expect(speed[0].value == 10 && speed[1].value == 20 && speed[2].value.isNaN)
        #expect(speed[3].time - speed[0].time == 60)
        #expect(lookup.value("speed")?.text == "40")
        let count = try #require(lookup.charts("count").history)
        #expect(count[1].time - count[0].time == 1)
    }
}
