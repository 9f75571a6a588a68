import KioskControl
import KioskCore
import KioskPlatform
import KioskRender
import Logging
import Testing

@testable import KioskApp

/// The renderer's values per frame: each frame's lookup has the latest texts, and charts read
/// the store's own history rings (taken once, not copied per sample).
@Suite("RendererValues")
struct RendererValuesTests {
    @Test("every take shows the newest text, and charts read the store's ring in place")
    func takesReadTheRingsInPlace() throws {
        let loop = try EventLoop()
        let store = ValueStore(
            definitions: [
                ValueDefinition(
                    name: "speed", source: .external,
                    thresholds: Thresholds(warningAbove: 80, alarmAbove: 95),
                    history: .samples(10)),
                ValueDefinition(name: "label", source: .external)
            ], now: 0)
        let controls = ControlChanges(store: store, loop: loop, log: Logger(label: "test"))
        let values = RendererValues(store: store)
        #expect(values.isEmpty)
        try store.set("speed", text: "10", at: 1)
        values.take(from: store, overlaidBy: controls)
        #expect(!values.isEmpty)
        let first = values.lookup.charts("speed")
        #expect(first.history === store.history("speed"))
        #expect(first.thresholds == Thresholds(warningAbove: 80, alarmAbove: 95))
        #expect(values.lookup.charts("label").history == nil)
        try store.set("speed", text: "20", at: 2)
        values.take(from: store, overlaidBy: controls)
        #expect(values.lookup.value("speed")?.text == "20")
        #expect(values.lookup.charts("speed").history === first.history)
        #expect(values.lookup.charts("speed").history?.latest?.value == 20)
    }
}
