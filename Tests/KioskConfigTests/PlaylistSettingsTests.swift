import KioskCore
import Testing

@testable import KioskConfig

/// Issue 30: `type = "playlist"` with `dwell`, `[page_dwell]`, `resume_after`, `[transition]`.
@Suite("Playlist settings")
struct PlaylistSettingsTests {
    @Test("dwell, page_dwell, resume_after and transition reach the spec, durations with units")
    func keysReachTheSpec() {
        let result = TurningSettingsTests.load(
            """
            type = "playlist"
            pages = ["a", "b", "c"]
            dwell = "12s"
            resume_after = "2m"
            [page_dwell]
            b = 20
            c = "1500ms"
            [transition]
            type = "slide"
            """)
        #expect(result.diagnostics == [])
        #expect(
            result.configuration?.pages["x"]?.content
                == .playlist(
                    PlaylistSpec(
                        pages: ["a", "b", "c"], dwell: 12, pageDwell: ["b": 20, "c": 1.5],
                        transition: TransitionSpec(kind: .slide, duration: 0.6),
                        resumeAfter: 120)))
    }

    @Test("without the optional keys: 8 s each, resume after 30 s, a 0.6 s fade")
    func defaults() {
        let result = TurningSettingsTests.load("type = \"playlist\"\npages = [\"a\", \"b\"]\n")
        #expect(
            result.configuration?.pages["x"]?.content
                == .playlist(
                    PlaylistSpec(
                        pages: ["a", "b"], dwell: 8, pageDwell: [:],
                        transition: TransitionSpec(kind: .fade, duration: 0.6), resumeAfter: 30)))
    }

    @Test("a page_dwell entry for a page the playlist does not show is an error naming it")
    func pageDwellForAnotherPage() {
        let result = TurningSettingsTests.load(
            "type = \"playlist\"\npages = [\"a\", \"b\"]\n[page_dwell]\nc = 5\n")
        #expect(result.configuration == nil)
        #expect(
            result.diagnostics.map(\.description) == [
                "pages/x.toml:4:1: error: page_dwell.c: page \"c\" is not in this playlist's pages; did you mean 'a'?"
            ])
    }
}
