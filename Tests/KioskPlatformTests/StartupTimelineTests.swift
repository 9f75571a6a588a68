import Testing

@testable import KioskPlatform

@Suite("Start-up timeline")
struct StartupTimelineTests {
    @Test(
        "phases last from the previous mark; a name marked again and marks after finish are ignored"
    )
    func phasesAndSummary() {
        let timeline = StartupTimeline(origin: 100)
        timeline.mark("launch", at: 100.09)
        timeline.mark("config", at: 100.13)
        timeline.mark("config", at: 100.5)  // a path taken every frame: the first one counts
        timeline.mark("seat", at: 100.25)
        let line = timeline.finish("ready", at: 100.812)
        timeline.mark("input", at: 101.5)
        #expect(line == "started in 812 ms: launch 90, config 40, seat 120, ready 562")
        #expect(timeline.summary == line)
        #expect(timeline.phases.map(\.name) == ["launch", "config", "seat", "ready"])
        #expect(timeline.millisecondsSinceStart(at: 101.5) == 1500)
    }

    @Test("the process's start read from /proc lies before now, on the monotonic clock")
    func processStartIsBeforeNow() throws {
        let start = try #require(StartupTimeline.processStartMonotonic())
        let now = MonotonicClock.now
        #expect(start <= now)
        // The test runner started within the last hour, not at boot or in the future.
        #expect(now - start < 3600)
    }
}
