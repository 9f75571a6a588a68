import KioskApp
import KioskCore
import KioskRender
import Testing
import KioskTestSupport

/// Prisms of 2, 3, 4 and 6 letter pages turned by a finger part of the way to the next face,
/// drawn by the real pipeline (drag script → Navigator → Scene → FrameRenderer).
@Suite("Prism goldens")
struct PrismGoldenTests {
    static let size = Size(width: 480, height: 300)

    /// The cube of `faces` letter pages dragged `position` faces forward (finger still at its
    /// last point when drawn).
    static func frame(faces: Int, position: Double, vertical: Bool = false, wraps: Bool = true)
        throws -> ImageBuffer
    {
        _ = AppFixture.fonts
        let ids = (0..<faces).map { PageID(LetterPages.letters[$0].letter) }
        let cube = PageDefinition(
            id: "cube", title: "Cube",
            content: .cube(
                CubeSpec(faces: ids, wraps: wraps, orientation: vertical ? .vertical : .horizontal))
        )
        let configuration = LetterPages.configuration(
            home: "cube", (0..<faces).map { LetterPages.page($0) } + [cube])
        let renderer = FrameRenderer(configuration: configuration, scale: 1)
        let navigator = try Navigator(configuration: configuration, viewport: size)
        let script =
            vertical
            ? "drag 240,280 240,\(280 - position * size.height) 250ms"
            : "drag 440,150 \(440 - position * size.width),150 250ms"
        try ActionScript.parse(script).play(on: navigator, until: 0.25)
        #expect((navigator.root as? CubeContainer)?.position == position)
        return try renderer.render(navigator.scene(), now: AppFixture.instant)
    }

    @Test(
        "an N-sided prism 0.15, 0.3 and 0.5 of a face into a turn looks as recorded",
        arguments: [2, 3, 4, 6])
    func horizontal(faces: Int) throws {
        for position in [0.15, 0.3, 0.5] {
            let image = try Self.frame(faces: faces, position: position)
            appGoldens.check(image, named: "prism-n\(faces)-\(Int((position * 100).rounded()))")
        }
    }

    @Test(
        "a card that does not wrap (2 faces, wrap = false) flips: 0.3 and 0.7 of a turn look as recorded"
    )
    func unwrappedCard() throws {
        for position in [0.3, 0.7] {
            let image = try Self.frame(faces: 2, position: position, wraps: false)
            appGoldens.check(image, named: "prism-card-nowrap-\(Int((position * 100).rounded()))")
        }
    }

    @Test("a vertical four-sided prism 0.3 of a face into a turn looks as recorded")
    func vertical() throws {
        appGoldens.check(
            try Self.frame(faces: 4, position: 0.3, vertical: true), named: "prism-vertical-n4-30")
    }

    @Test(
        "a four-sided prism half-way shows the two faces meeting on the vertical centre line, the full height"
    )
    func halfwayEdge() throws {
        let image = try Self.frame(faces: 4, position: 0.5)
        func isAmber(_ x: Int, _ y: Int) -> Bool {
            let p = image.pixel(x: x, y: y)
            return (p >> 16) & 0xff > 0x80 && p & 0xff < 0x60
        }
        func isBlue(_ x: Int, _ y: Int) -> Bool {
            let p = image.pixel(x: x, y: y)
            return p & 0xff > 0x80 && (p >> 16) & 0xff < 0x60
        }
        // The shared edge is the nearest part, drawn at its own size: the full height, no more.
        for y in [1, 150, 298] {
            #expect(isAmber(237, y) && isBlue(243, y))
        }
        // The far edges recede: the corners of the output stay background.
        #expect(!isAmber(5, 2) && !isBlue(474, 2) && !isAmber(5, 297) && !isBlue(474, 297))
        #expect(isAmber(60, 150) && isBlue(420, 150))
    }
}
