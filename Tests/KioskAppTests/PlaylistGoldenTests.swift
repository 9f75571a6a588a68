import KioskApp
import KioskCore
import KioskRender
import Testing
import KioskTestSupport

/// A lobby playlist of the letter pages at 800x480, drawn by the real pipeline half-way through
/// a turn it made by itself: the navigator only advanced past the dwell, nothing asked for it.
@Suite("Playlist goldens")
struct PlaylistGoldenTests {
    static let size = Size(width: 800, height: 480)

    /// The playlist A, B, C (dwell 8 s, the turn 1 s of `kind`) started at 100 and advanced to
    /// `seconds` after; on a cube face when `onCube`.
    static func frame(_ kind: TransitionKind, after seconds: Double, onCube: Bool = false) throws
        -> (ImageBuffer, Navigator)
    {
        _ = AppFixture.fonts
        let spec = TransitionSpec(kind: kind, orientation: .rightToLeft, duration: 1)
        let playlist = PageDefinition(
            id: "lobby", title: "Lobby",
            content: .playlist(PlaylistSpec(pages: ["A", "B", "C"], dwell: 8, transition: spec)))
        let cube = PageDefinition(
            id: "cube", title: "Cube", content: .cube(CubeSpec(faces: ["lobby", "D"])))
        let configuration = LetterPages.configuration(
            home: onCube ? "cube" : "lobby",
            (0..<4).map { LetterPages.page($0) } + [playlist, cube])
        let renderer = FrameRenderer(configuration: configuration, scale: 1)
        let navigator = try Navigator(
            configuration: configuration, viewport: size, panels: renderer)
        navigator.advance(to: 100)
        // As the run loop: asleep until the next turn is due, frames of 50 ms while it moves.
        var t = 100.0
        while true {
            let next = navigator.isAnimating ? t + 0.05 : navigator.nextDeadline ?? .infinity
            guard next < 100 + seconds else { break }
            t = next
            navigator.advance(to: t)
        }
        navigator.advance(to: 100 + seconds)
        return (try renderer.render(navigator.scene(), now: AppFixture.instant), navigator)
    }

    @Test("half-way through its first turn (A to B), a fade and a cube turn look as recorded")
    func firstTurnHalfWay() throws {
        for kind in [TransitionKind.fade, .cube] {
            let (image, navigator) = try Self.frame(kind, after: 8.5)
            let playlist = try #require(navigator.root as? PlaylistContainer)
            let turn = try #require(playlist.transition)
            #expect(turn.from == "A" && turn.to == "B" && abs(turn.progress - 0.5) < 1e-9)
            appGoldens.check(image, named: "playlist-\(kind.rawValue)-a-to-b-50")
        }
    }

    @Test("wrapping from the last page to the first (C to A) a slide moves forward, as recorded")
    func wrapsForward() throws {
        // A rests from 100, B from 109, C from 118: C turns at 126 and is half-way at 126.5.
        let (image, navigator) = try Self.frame(.slide, after: 26.5)
        let playlist = try #require(navigator.root as? PlaylistContainer)
        #expect(playlist.transition?.from == "C" && playlist.transition?.to == "A")
        appGoldens.check(image, named: "playlist-slide-c-to-a-50")
    }

    @Test("on a cube face it turns inside the face, drawn with its layers in the face's place")
    func onCubeFace() throws {
        let (image, navigator) = try Self.frame(.swipe, after: 8.25, onCube: true)
        #expect(navigator.activeNode.id == "B")
        appGoldens.check(image, named: "playlist-on-cube-swipe-25")
    }
}
