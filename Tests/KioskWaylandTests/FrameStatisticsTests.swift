import Testing

@testable import KioskWayland

@Suite("FramePacing and FrameStatistics: frame rate and missed vblanks")
struct FrameStatisticsTests {
    let refresh = 0.016

    @Test("continuous frames one refresh apart are counted at 62.5 fps with none missed")
    func onTime() {
        var pacing = FramePacing()
        for i in 0..<11 {
            pacing.record(at: 10 + Double(i) * refresh, refresh: refresh, continuous: i > 0)
        }
        #expect(pacing.frames == 11)
        #expect(pacing.missed == 0)
        #expect(pacing.continuousFrames == 10)
        #expect(abs((pacing.framesPerSecond ?? 0) - 62.5) < 1e-9)
    }

    @Test("a continuous frame two refreshes after the previous one missed its vblank")
    func missed() {
        var pacing = FramePacing()
        pacing.record(at: 1.000, refresh: refresh, continuous: false)
        pacing.record(at: 1.016, refresh: refresh, continuous: true)
        pacing.record(at: 1.048, refresh: refresh, continuous: true)
        pacing.record(at: 1.064, refresh: refresh, continuous: true)
        #expect(pacing.missed == 1)
        #expect(abs(pacing.longestInterval - 0.032) < 1e-9)
        #expect(abs((pacing.framesPerSecond ?? 0) - 3 / 0.064) < 1e-9)
    }

    @Test("the first frame after an idle pause starts a new run and measures nothing")
    func idleGap() {
        var pacing = FramePacing()
        pacing.record(at: 1.0, refresh: refresh, continuous: false)
        pacing.record(at: 6.0, refresh: refresh, continuous: false)
        pacing.record(at: 6.016, refresh: refresh, continuous: true)
        #expect(pacing.missed == 0)
        #expect(pacing.continuousFrames == 1)
    }

    @Test("a broken run measures nothing across the break; an unknown refresh misses nothing")
    func brokenRunAndUnknownRefresh() {
        var pacing = FramePacing()
        pacing.record(at: 1.0, refresh: 0, continuous: false)
        pacing.breakRun()
        pacing.record(at: 1.5, refresh: 0, continuous: true)
        pacing.record(at: 1.6, refresh: 0, continuous: true)
        #expect(pacing.missed == 0)
        #expect(pacing.continuousFrames == 1)
        #expect(abs(pacing.longestInterval - 0.1) < 1e-9)
    }

    @Test("a wrapped or repeated callback time measures nothing")
    func timeGoesBack() {
        var pacing = FramePacing()
        pacing.record(at: 4_294_967.290, refresh: refresh, continuous: false)
        pacing.record(at: 0.010, refresh: refresh, continuous: true)
        pacing.record(at: 0.010, refresh: refresh, continuous: true)
        #expect(pacing.continuousFrames == 0)
        #expect(pacing.framesPerSecond == nil)
    }

    @Test("the summary reports presentation pacing once the compositor answered")
    func summaryWithPresentation() {
        var stats = FrameStatistics()
        stats.presentationOffered = true
        stats.drawn = 3
        stats.committed = 3
        stats.presentation.record(at: 2.0, refresh: refresh, continuous: false)
        stats.presentation.record(at: 2.016, refresh: refresh, continuous: true)
        stats.presentation.record(at: 2.032, refresh: refresh, continuous: true)
        stats.callbacks.record(at: 2.0, refresh: refresh, continuous: false)
        stats.callbacks.record(at: 2.05, refresh: refresh, continuous: true)
        stats.drawingSeconds = 0.0075
        stats.longestDraw = 0.004
        #expect(stats.pacedByPresentation)
        #expect(
            stats.summary
                == "frames: 3 drawn, 3 committed, 3 presented, 0 discarded, 0 missed, 62.5 fps while animating (longest interval 16.0 ms; wp_presentation); drawing took 2.5 ms per frame, 4.0 ms at most"
        )
    }

    @Test("without presented frames the summary reports frame-callback pacing and says why")
    func summaryWithCallbacks() {
        var stats = FrameStatistics()
        stats.presentationOffered = true
        stats.drawn = 2
        stats.committed = 2
        stats.callbacks.record(at: 7.0, refresh: refresh, continuous: false)
        stats.callbacks.record(at: 7.040, refresh: refresh, continuous: true)
        #expect(!stats.pacedByPresentation)
        #expect(
            stats.summary.hasPrefix(
                "frames: 2 drawn, 2 committed, 1 missed, 25.0 fps while animating (longest interval 40.0 ms; frame callbacks; the compositor answered no wp_presentation feedback)"
            ))
        let idle = FrameStatistics()
        #expect(
            idle.summary
                == "frames: 0 drawn, 0 committed, 0 missed (frame callbacks; the compositor offers no wp_presentation)"
        )
    }

    /// Weston 10 headless: wp_presentation reports a 16.7 ms refresh, frames come every 25.7 ms.
    func westonHeadless(drawing: Double) -> FrameStatistics {
        var stats = FrameStatistics()
        stats.presentationOffered = true
        stats.drawn = 13
        stats.committed = 13
        stats.drawingSeconds = drawing * 13
        stats.longestDraw = drawing
        var time = 1.0
        stats.presentation.record(at: time, refresh: 1.0 / 60, continuous: false)
        for i in 0..<12 {
            // One real miss: the last frame comes two cadences later.
            time += i == 11 ? 0.0514 : 0.0257
            stats.presentation.record(at: time, refresh: 1.0 / 60, continuous: true)
        }
        return stats
    }

    @Test(
        "a compositor slower than its reported refresh sets the cadence; only frames late for it are missed"
    )
    func slowCompositor() {
        let stats = westonHeadless(drawing: 0.0015)
        #expect(stats.presentation.missed == 12)
        #expect(abs((stats.compositorCadence ?? 0) - 0.0257) < 1e-9)
        #expect(stats.missed == 1)
        #expect(
            stats.summary
                == "frames: 13 drawn, 13 committed, 13 presented, 0 discarded, 1 missed, 35.9 fps while animating (longest interval 51.4 ms; wp_presentation; the compositor repaints every 25.7 ms, not every 16.7 ms as its output reports); drawing took 1.5 ms per frame, 1.5 ms at most"
        )
    }

    @Test(
        "an app drawing for more than half a refresh keeps the reported refresh: its slow frames are missed"
    )
    func slowApp() {
        let stats = westonHeadless(drawing: 0.012)
        #expect(stats.compositorCadence == nil)
        #expect(stats.missed == 12)
        #expect(
            stats.summary.contains(
                ", 12 missed, 35.9 fps while animating (longest interval 51.4 ms; wp_presentation); "
            ))
    }

    @Test("fewer than eight continuous frames, or no known refresh, claim no cadence")
    func cadenceNeedsEvidence() {
        var few = FramePacing()
        for i in 0..<8 { few.record(at: Double(i) * 0.03, refresh: 0.016, continuous: i > 0) }
        #expect(few.continuousFrames == 7)
        #expect(few.compositorCadence == nil)
        var unknown = FramePacing()
        for i in 0..<20 { unknown.record(at: Double(i) * 0.03, refresh: 0, continuous: i > 0) }
        #expect(unknown.compositorCadence == nil)
        #expect(unknown.missed == 0)
        #expect(unknown.missed(against: 0.03) == 0)
        #expect(unknown.missed(against: 0.016) == 19)
    }
}
