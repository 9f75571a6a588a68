import KioskCore
import KioskPlatform
import KioskRender
import Testing

@testable import KioskApp

/// The run loop between a playlist's turns: `FrameWakeups` sleeps on a timer until the turn is
/// due, then asks for one frame; no frames and no wake-ups before.
@Suite("Playlist wake-ups")
struct PlaylistWakeupTests {
    @Test("after a frame the loop sleeps until the next turn and asks for a frame then, not before")
    func wakesForTheNextTurn() throws {
        let configuration = LetterPages.configuration(
            home: "lobby",
            [
                LetterPages.page(0), LetterPages.page(1),
                PageDefinition(
                    id: "lobby", title: "Lobby",
                    content: .playlist(PlaylistSpec(pages: ["A", "B"], dwell: 1)))
            ])
        let renderer = FrameRenderer(configuration: configuration, scale: 1)
        let navigator = try Navigator(
            configuration: configuration, viewport: Size(width: 800, height: 480),
            panels: renderer)
        let loop = try EventLoop()
        var frames: [Double] = []
        let wakeups = FrameWakeups(loop: loop) { frames.append(MonotonicClock.now) }
        // The first frame: the dwell starts counting now, the turn is due in a second.
        let start = MonotonicClock.now
        navigator.advance(to: start)
        let due = try #require(navigator.nextDeadline)
        #expect(abs(due - (start + 1)) < 1e-9)
        wakeups.arm(
            for: renderer.surfaces, now: AppFixture.instant, navigationDeadline: due)
        // Half a second of waiting: nothing fires.
        let half = start + 0.5
        while MonotonicClock.now < half { _ = try loop.runOnce(timeout: half - MonotonicClock.now) }
        #expect(frames.isEmpty)
        let limit = start + 3
        while frames.isEmpty && MonotonicClock.now < limit { _ = try loop.runOnce(timeout: 0.5) }
        let woke = try #require(frames.first)
        #expect(woke >= due && woke < due + 0.2)
        // The frame it asked for moves the navigator to then: the turn starts.
        navigator.advance(to: woke)
        #expect(navigator.isAnimating && navigator.nextDeadline == nil)
        #expect(frames.count == 1)
    }
}
