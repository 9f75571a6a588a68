import KioskCore
import Testing

/// The history ring: fixed size, oldest dropped first, gaps kept, a time window's slots.
@Suite("ValueHistory")
struct ValueHistoryTests {
    @Test("a sample count keeps the newest samples in order once the ring has wrapped")
    func wraps() {
        let history = ValueHistory(length: .samples(4))
        for i in 0..<10 { history.record(Double(i), at: Double(i)) }
        #expect(history.capacity == 4)
        #expect(history.count == 4)
        #expect((0..<4).map { history[$0].value } == [6, 7, 8, 9])
        #expect((0..<4).map { history[$0].time } == [6, 7, 8, 9])
        #expect(history.latest?.value == 9)
        #expect(history.range == 6...9)
        #expect(history.version == 10)
    }

    @Test("a sample that is not a number is a gap, and the range ignores it")
    func gaps() {
        let history = ValueHistory(length: .samples(10))
        history.record(5, at: 0)
        history.record(ValueHistory.number(in: "offline"), at: 1)
        history.record(ValueHistory.number(in: "7.5 m/min"), at: 2)
        history.record(.infinity, at: 3)
        #expect(history.count == 4)
        #expect(history[1].value.isNaN)
        #expect(history[2].value == 7.5)
        #expect(history[3].value.isNaN)
        #expect(history.range == 5...7.5)
    }

    @Test("a time window keeps 600 slots whatever the rate; a gap is never merged into a number")
    func windowSlots() {
        let history = ValueHistory(length: .duration(seconds: 60))  // a slot is 0.1 s
        #expect(history.capacity == HistoryLength.durationSlots)
        for i in 0..<10_000 { history.record(Double(i), at: Double(i) * 0.01) }  // 100 a second
        #expect(history.count == HistoryLength.durationSlots)
        // Ten samples share a slot: the latest one of each stays.
        #expect(history.latest?.value == 9999)
        let first = history[0].time
        let last = history.latest!.time
        #expect(last - first >= 59 && last - first <= 61)
        history.record(nil, at: last + 0.01)
        #expect(history.latest?.value.isNaN == true)
        #expect(history[history.count - 2].value == 9999)
        #expect(history.window(endingAt: 100) == 40...100)
    }
}
