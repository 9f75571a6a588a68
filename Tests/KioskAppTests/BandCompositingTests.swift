import Glibc
import KioskApp
import KioskCore
import KioskRender
import Testing

/// Composing in bands on worker threads gives the same bytes as one thread, for every loop the
/// compositor has: the cube's columns, a slide's scaled rows, a zoom with opacity, and the cube
/// on a display turned by 90° (rows read from source columns).
@Suite struct BandCompositingTests {
    /// Home: a cube of A, B, C, D; D is a stack over E (slide) and F a stack over E (zoom).
    static func configuration() -> KioskConfiguration {
        var pages = (0..<6).map { LetterPages.page($0) }
        pages[0] = LetterPages.page(0, opens: [PageID("E")])
        var config = LetterPages.configuration(
            home: "home",
            pages + [
                PageDefinition(
                    id: "home", title: "Home",
                    content: .cube(CubeSpec(faces: ["A", "B", "slides", "zooms"]))),
                PageDefinition(
                    id: "slides", title: "Slides",
                    content: .stack(
                        StackSpec(root: "C", transition: TransitionSpec(kind: .slide, duration: 1)))
                ),
                PageDefinition(
                    id: "zooms", title: "Zooms",
                    content: .stack(
                        StackSpec(root: "D", transition: TransitionSpec(kind: .zoom, duration: 1))))
            ])
        config.pages[PageID("C")] = LetterPages.page(2, opens: [PageID("E")])
        config.pages[PageID("D")] = LetterPages.page(3, opens: [PageID("F")])
        return config
    }

    /// The frame `actions` lead to at `at` seconds, composed with `threads` threads.
    static func frame(
        _ actions: String, at: Double, threads: Int, rotation: DisplayTransform = .normal
    ) throws -> [UInt8] {
        _ = AppFixture.fonts
        let configuration = configuration()
        let size = Size(width: 960, height: 600)
        let renderer = FrameRenderer(configuration: configuration, scale: 1)
        renderer.threads = threads
        renderer.displayTransform = rotation
        let navigator = try Navigator(
            configuration: configuration, viewport: size, panels: renderer)
        _ = try ActionScript.parse(actions).play(on: navigator, until: at)
        #expect(navigator.isAnimating || navigator.isTouching, "the frame must be mid-motion")
        let image = try renderer.render(navigator.scene(), now: AppFixture.instant)
        let bytes = UnsafeRawBufferPointer(start: image.pixels, count: image.byteCount)
        return Array(bytes)
    }

    static let cases: [(name: String, actions: String, at: Double, rotation: DisplayTransform)] = [
        ("cube drag", "drag 800,300 300,300 2s", 0.9, .normal),
        ("slide", "next; next; wait 1s; open E", 1.5, .normal),
        ("zoom", "previous; wait 1s; open F", 1.4, .normal),
        ("cube on a turned display", "drag 800,300 300,300 2s", 0.7, .rotated90)
    ]

    @Test(arguments: 0..<4)
    func bandsGiveTheBytesOfOneThread(_ index: Int) throws {
        let c = Self.cases[index]
        let one = try Self.frame(c.actions, at: c.at, threads: 1, rotation: c.rotation)
        for threads in 2...LayerCompositor.maximumThreads {
            let many = try Self.frame(c.actions, at: c.at, threads: threads, rotation: c.rotation)
            #expect(many == one, "\(c.name): \(threads) threads differ from one")
        }
        // The frame is not trivially uniform (the comparison could not miss a band).
        #expect(
            Set(one.prefix(one.count / 2)).count > 8, "\(c.name): frame is too plain to compare")
    }

    @Test func threadCountIsClampedToOneThroughTheCap() {
        let compositor = LayerCompositor(threads: 99)
        #expect(compositor.threads == LayerCompositor.maximumThreads)
        compositor.threads = 0
        #expect(compositor.threads == 1)
        #expect(
            LayerCompositor.defaultThreads >= 1
                && LayerCompositor.defaultThreads <= LayerCompositor.maximumThreads)
    }
}
