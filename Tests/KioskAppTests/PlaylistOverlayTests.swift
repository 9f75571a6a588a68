import KioskCore
import Testing

@testable import KioskApp

/// A playlist under the overlays, through the real input router: a touch or key an overlay
/// takes never reaches the pages, yet the visitor is there, so the playlist pauses as for a
/// touch on its page. And the wake's touch-to-first-lit-frame count, once per wake.
@Suite("Playlist under overlays")
struct PlaylistOverlayTests {
    /// Playlist "lobby" of pages A and B (dwell 1 s, resume_after 5 s) under the overlays.
    static func bench() throws -> (OverlayBench, PlaylistContainer) {
        let configuration = LetterPages.configuration(
            home: "lobby",
            [
                LetterPages.page(0), LetterPages.page(1),
                PageDefinition(
                    id: "lobby", title: "Lobby",
                    content: .playlist(
                        PlaylistSpec(pages: ["A", "B"], dwell: 1, resumeAfter: 5)))
            ])
        let bench = try OverlayBench(configuration: configuration)
        bench.navigator.advance(to: 10)
        return (bench, try #require(bench.navigator.root as? PlaylistContainer))
    }

    @Test("a touch the error banner takes pauses the playlist until resume_after after it")
    func bannerTouchPauses() throws {
        let (bench, playlist) = try Self.bench()
        bench.overlays.show(ErrorBannerOverlay(OverlayBench.banner) {})
        let banner = try #require(bench.overlays.damageRects.first)
        let host = RouterHost()
        let (router, seat) = try bench.router(host: host)
        defer { withExtendedLifetime(router) {} }
        #expect(bench.navigator.nextDeadline == 11)

        seat.onTouch?(.down(id: 1, position: Point(x: 400, y: banner.midY), time: 10.5))
        seat.onTouch?(.up(id: 1, time: 10.55))
        #expect(host.changes == 0)
        #expect(playlist.isPaused)
        #expect(bench.navigator.nextDeadline == 15.5)
        bench.navigator.advance(to: 15.4)
        #expect(playlist.currentIndex == 0 && !bench.navigator.isAnimating)
    }

    @Test("a key an open keypad types pauses the playlist under it")
    func keypadKeyPauses() throws {
        let (bench, playlist) = try Self.bench()
        bench.overlays.show(
            EntryOverlay(
                field: EntryOverlayTests.setpoint, label: "Setpoint", submitted: { _ in },
                refused: { _ in }))
        let host = RouterHost()
        let (router, _) = try bench.router(host: host)
        defer { withExtendedLifetime(router) {} }
        router.deliver(KeyEvent(key: .other("2"), isPressed: true, time: 10.8))
        #expect(host.changes == 0)
        #expect(playlist.isPaused)
        #expect(bench.navigator.nextDeadline == 15.8)
    }

    @Test("a wake is timed from its touch to the first lit frame, and logged once")
    func wakeLatencyOncePerWake() {
        var latency = WakeLatency()
        #expect(latency.litFrameCommitted(at: 5, presentationReported: false) == nil)
        latency.woke(touchedAt: 10)
        // A second touch before the frame: the visitor has waited since the first.
        latency.woke(touchedAt: 10.02)
        #expect(latency.litFrameCommitted(at: 10.084, presentationReported: false) == 84)
        #expect(latency.litFrameCommitted(at: 10.1, presentationReported: false) == nil)
        #expect(
            WakeLatency.line(milliseconds: 84, presented: false)
                == "display: woke in 84 ms (touch → first lit frame), at its commit (the output reports no presentation)"
        )
    }

    @Test("an output that reports presentations ends a wake at the report after the lit commit")
    func wakeLatencyEndsAtPresentation() {
        var latency = WakeLatency()
        // A presentation before any wake, or before the lit frame went out, ends nothing.
        #expect(latency.presented(at: 1) == nil)
        latency.woke(touchedAt: 10)
        #expect(latency.presented(at: 10.01) == nil)
        #expect(latency.litFrameCommitted(at: 10.02, presentationReported: true) == nil)
        #expect(latency.presented(at: 10.036) == 36)
        #expect(latency.presented(at: 10.05) == nil)
        #expect(
            WakeLatency.line(milliseconds: 36, presented: true)
                == "display: woke in 36 ms (touch → first lit frame), as the output reported it shown"
        )
    }
}
