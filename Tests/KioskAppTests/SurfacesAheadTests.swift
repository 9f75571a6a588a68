import KioskCore
import KioskRender
import Testing

@testable import KioskApp

/// Pages the next gesture or tap may show are rasterised ahead on the rasteriser's thread, so
/// the first frame of a cube turn, a push or a pop rasterises nothing.
@Suite struct SurfacesAheadTests {
    /// Home: a cube of A, B and a stack over C; C's row opens E, A's row opens D on the cube.
    static func configuration() -> KioskConfiguration {
        LetterPages.configuration(
            home: "home",
            [
                LetterPages.page(0, opens: ["D"]), LetterPages.page(1),
                LetterPages.page(2, opens: ["E"]),
                LetterPages.page(3), LetterPages.page(4),
                PageDefinition(
                    id: "home", title: "Home",
                    content: .cube(CubeSpec(faces: ["A", "B", "stack", "D"]))),
                PageDefinition(id: "stack", title: "Stack", content: .stack(StackSpec(root: "C")))
            ])
    }

    final class Rig {
        let renderer: FrameRenderer
        let navigator: Navigator
        var previous: Scene?
        var time = 0.0

        init(ahead: Bool) throws {
            _ = AppFixture.fonts
            let configuration = SurfacesAheadTests.configuration()
            renderer = FrameRenderer(configuration: configuration, scale: 1)
            if ahead { renderer.surfaces.aheadRasteriser = AheadRasteriser() }
            navigator = try Navigator(
                configuration: configuration, viewport: Size(width: 640, height: 400),
                panels: renderer)
        }

        /// Prepares the frame at the navigator's time (as the pipeline does); returns how many
        /// pages it rasterised.
        @discardableResult
        func frame() -> Int {
            let before = renderer.surfaces.rasterisedOnFramePath
            let scene = navigator.scene()
            _ = renderer.prepare(scene, previous: previous, now: AppFixture.instant)
            previous = scene
            return renderer.surfaces.rasterisedOnFramePath - before
        }

        /// Idle time: look ahead and wait for the rasteriser's pages to arrive.
        func idle() {
            SurfacesAhead.rasteriseAhead(
                for: navigator, renderer: renderer, now: AppFixture.instant)
            renderer.surfaces.aheadRasteriser?.waitUntilIdle()
            renderer.surfaces.adoptAhead()
        }

        /// From the current time: `start()` (an action), then frames every 1/60 s for
        /// `seconds`, then rest. Returns the pages rasterised by the first frame in which two
        /// pages show (the transition's first) and by all its frames.
        func transition(
            seconds: Double = 2, feed: (Double) -> Void = { _ in }, start: () -> Void = {}
        ) -> (first: Int, all: Int) {
            start()
            var first: Int?
            var all = 0
            let begin = time
            while time < begin + seconds {
                time += 1.0 / 60
                feed(time)
                navigator.advance(to: time)
                let n = frame()
                all += n
                let panels = navigator.scene().layers.filter {
                    if case .panel = $0.content { true } else { false }
                }
                if first == nil && panels.count > 1 { first = n }
            }
            return (first ?? -1, all)
        }

        /// A drag of the script's events (times from 0, so it must come first).
        func drag(_ script: String) throws -> (first: Int, all: Int) {
            var events = try ActionScript.parse(script).events().events[...]
            return transition(feed: { t in
                while let e = events.first, e.time <= t {
                    events.removeFirst()
                    navigator.advance(to: e.time)
                    if case .touch(let touch) = e { navigator.handle(touch) }
                }
            })
        }

        func perform(_ action: Action, from page: PageID? = nil) -> (first: Int, all: Int) {
            transition(start: {
                let source = page.flatMap { (navigator.root as? ContainerNode)?.node(for: $0) }
                #expect(navigator.perform(action, from: source), "\(action) refused")
            })
        }
    }

    @Test(
        "the first frame of a cube drag, a turn, a push and a pop rasterises nothing once idle time looked ahead"
    )
    func firstFramesRasteriseNothing() throws {
        let rig = try Rig(ahead: true)
        #expect(rig.frame() == 1)
        rig.idle()
        #expect(
            rig.renderer.surfaces.aheadRasterised == 2,
            "the cube's neighbours B and D (also A's open target)")
        let drag = try rig.drag("drag 500,200 100,200 0.5s")
        #expect(drag.first == 0 && drag.all == 0, "cube drag A → B")
        #expect(rig.navigator.activeNode.id == "B")
        rig.idle()
        let turn = rig.perform(.nextFace)
        #expect(turn.first == 0 && turn.all == 0, "cube turn B → stack (C)")
        #expect(rig.navigator.activeNode.id == "C")
        rig.idle()
        let push = rig.perform(.open("E"), from: "C")
        #expect(push.first == 0 && push.all == 0, "push C → E")
        #expect(rig.navigator.activeNode.id == "E")
        rig.idle()
        let pop = rig.perform(.back)
        #expect(pop.first == 0 && pop.all == 0, "pop E → C")
        #expect(
            rig.renderer.surfaces.rasterisedOnFramePath == 1,
            "only the very first page was drawn on the frame path")
    }

    @Test(
        "without looking ahead the first frame of a cube drag rasterises the neighbour (the counter sees it)"
    )
    func withoutLookingAheadTheFirstFrameRasterises() throws {
        let rig = try Rig(ahead: false)
        #expect(rig.frame() == 1)
        let drag = try rig.drag("drag 500,200 100,200 0.5s")
        #expect(drag.first == 1)
    }

    @Test(
        "without a rasteriser thread pages are drawn ahead at once; a reload in between drops a late result"
    )
    func synchronousAheadAndStaleResults() throws {
        let rig = try Rig(ahead: false)
        rig.frame()
        #expect(
            SurfacesAhead.rasteriseAhead(
                for: rig.navigator, renderer: rig.renderer, now: AppFixture.instant) == 2)
        #expect(rig.renderer.surfaces.aheadRasterised == 2)
        let threaded = try Rig(ahead: true)
        threaded.frame()
        SurfacesAhead.rasteriseAhead(
            for: threaded.navigator, renderer: threaded.renderer, now: AppFixture.instant)
        threaded.renderer.surfaces.aheadRasteriser?.waitUntilIdle()
        threaded.renderer.surfaces.invalidateAll()
        #expect(
            threaded.renderer.surfaces.adoptAhead() == 0,
            "results of an older generation are dropped")
    }
}
