import Testing

@testable import KioskWayland

@Suite("InputStampClock: compositor event stamps as monotonic seconds")
struct InputStampClockTests {
    /// A compositor whose ms clock reads 5000 at our 100.0 s: stamp = (t − 95) · 1000.
    func stamp(_ t: Double) -> UInt32 { UInt32((t - 95) * 1000) }

    @Test("a swipe read in one batch after a 0.8 s stall keeps the times it happened at")
    func stalledSwipe() {
        var clock = InputStampClock()
        // An earlier event read promptly teaches the base.
        #expect(clock.time(ofStamp: stamp(100.0), readAt: 100.001) == 100.001)
        // Down at 101.0 and moves every 16 ms, all read at 101.8.
        let times = [0, 16, 32, 48].map {
            clock.time(ofStamp: stamp(101.0 + Double($0) / 1000), readAt: 101.8)
        }
        #expect(abs(times[0] - 101.001) < 1e-6)
        #expect(abs((times[3] - times[0]) - 0.048) < 1e-6)
        #expect(times.allSatisfy { $0 <= 101.8 })
    }

    @Test(
        "an event read with less delay than any before corrects the base, and no time is later than its read"
    )
    func betterEstimate() {
        var clock = InputStampClock()
        _ = clock.time(ofStamp: stamp(100.0), readAt: 100.050)  // read 50 ms late
        #expect(clock.time(ofStamp: stamp(100.5), readAt: 100.5005) == 100.5005)
        // From then on, dated with the smaller offset.
        #expect(abs(clock.time(ofStamp: stamp(101.0), readAt: 101.3) - 101.0005) < 1e-6)
    }

    @Test("the 32-bit stamp wrapping after 49.7 days keeps times advancing")
    func wrap() {
        var clock = InputStampClock()
        let nearEnd = UInt32.max - 10  // 11 ms before the wrap
        let t0 = clock.time(ofStamp: nearEnd, readAt: 5000.0)
        let t1 = clock.time(ofStamp: 5, readAt: 5000.0 + 0.016)  // 16 ms later, after the wrap
        #expect(abs((t1 - t0) - 0.016) < 1e-6)
        #expect(clock.trustsStamps)
    }

    @Test(
        "a stamp base that jumps (compositor restarted its clock) is learned again, never dated > 2 s back"
    )
    func staleBase() {
        var clock = InputStampClock()
        _ = clock.time(ofStamp: stamp(100.0), readAt: 100.0)
        // Stamps now 10 s behind what the old base predicts, but still advancing.
        let t = clock.time(ofStamp: stamp(100.5) &+ 10_000, readAt: 100.5)
        #expect(t >= 100.5 - InputStampClock.maximumDelay)
        #expect(t <= 100.5)
    }

    @Test("stamps that never advance are given up on after a few events: read time from then on")
    func constantStamps() {
        var clock = InputStampClock()
        for i in 0..<5 { _ = clock.time(ofStamp: 42, readAt: 10 + Double(i) * 0.1) }
        #expect(!clock.trustsStamps)
        #expect(clock.time(ofStamp: 42, readAt: 20) == 20)
    }

    @Test("several events with the same stamp in one batch (two fingers down together) are fine")
    func sameStampSameRead() {
        var clock = InputStampClock()
        for _ in 0..<6 { _ = clock.time(ofStamp: 1000, readAt: 7.0) }
        #expect(clock.trustsStamps)
    }
}
