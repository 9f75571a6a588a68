import KioskApp
import KioskCore
import KioskRender
import KioskTestSupport
import Testing

/// Readable minification (issue 29), drawn by the real pipeline (drag script → Navigator →
/// Scene → FrameRenderer): where a turning face is shrunk more than 2× its columns read the
/// page's box-filtered half-size copy (4×: quarter), so "Tile a1" keeps its letters.
@Suite("Minified cube faces")
struct MinifiedCubeTests {
    static let size = Size(width: 640, height: 400)
    static let verticalSize = Size(width: 800, height: 480)

    /// Six small tiles: text that loses letters when sampled 2–4× apart.
    static func tiles(_ id: PageID) -> PageDefinition {
        PageDefinition(
            id: id, title: id.rawValue,
            content: .panel(
                Panel(widgets: [
                    .grid(
                        GridWidget(
                            columns: 3, tileHeight: 120,
                            tiles: (1...6).map {
                                Tile(label: "Tile \(id.rawValue)\($0)", action: .open("b"))
                            }))
                ])))
    }

    /// The cube of pages a to d dragged by `degrees` of its 90° turn (finger still down):
    /// sideways at 640×400, or, `vertical`, upwards at 800×480 (a vertical cube).
    static func frame(degrees: Double, minified: Bool = true, vertical: Bool = false) throws
        -> ImageBuffer
    {
        _ = AppFixture.fonts
        let cube = PageDefinition(
            id: "cube", title: "Cube",
            content: .cube(
                CubeSpec(
                    faces: ["a", "b", "c", "d"], orientation: vertical ? .vertical : .horizontal)))
        let configuration = LetterPages.configuration(
            home: "cube", ["a", "b", "c", "d"].map { tiles($0) } + [cube])
        let renderer = FrameRenderer(configuration: configuration, scale: 1)
        let size = vertical ? verticalSize : self.size
        let navigator = try Navigator(configuration: configuration, viewport: size)
        let drag: String
        if vertical {
            let distance = degrees / 90 * size.height
            drag = "drag 400,440 400,\(440 - distance) 250ms"
        } else {
            let distance = degrees / 90 * size.width
            drag = "drag 600,200 \(600 - distance),200 250ms"
        }
        try ActionScript.parse(drag).play(on: navigator, until: 0.25)
        let scene = navigator.scene()
        return try renderer.render(scene, now: AppFixture.instant, minified: minified)
    }

    @Test(
        "a cube 30° and 45° into a turn: where the faces are squeezed across beyond 2× they read the narrower copies, elsewhere nothing changes",
        arguments: [30, 45])
    func golden(degrees: Int) throws {
        let image = try Self.frame(degrees: Double(degrees))
        appGoldens.check(image, named: "cube-minified-\(degrees)")
        let plain = try Self.frame(degrees: Double(degrees), minified: false)
        // Columns (left to right) where the two pictures differ at all.
        let changed = (0..<image.width).filter { x in
            (0..<image.height).contains { image.pixel(x: x, y: $0) != plain.pixel(x: x, y: $0) }
        }
        print("cube at \(degrees)°: \(changed.count) of \(image.width) columns read a smaller copy")
        #expect(changed.count > 40)
        // At 30° the face turned towards the viewer is shrunk less than 2× on its near side
        // (its right part, up to the cube's edge at x 435): unchanged there.
        if degrees == 30 { #expect(!changed.contains { (250..<430).contains($0) }) }
    }

    /// Shimmer over a slow turn 1° a frame: the second difference in time of each pixel of the
    /// far face's region (|f(t+1) − 2 f(t) + f(t−1)|, summed), which smooth motion keeps small
    /// and letters that come and go make large.
    static func shimmer(minified: Bool, vertical: Bool = false) throws -> Double {
        let frames = try stride(from: 30.0, through: 40.0, by: 1.0).map {
            try frame(degrees: $0, minified: minified, vertical: vertical)
        }
        // The incoming face: right of the cube's edge (sideways), below it (vertical).
        let (rows, columns) = vertical ? (330..<470, 40..<760) : (60..<340, 430..<630)
        var total = 0.0
        for t in 1..<(frames.count - 1) {
            for y in rows {
                for x in columns {
                    for shift in stride(from: 0, to: 24, by: 8) {
                        func channel(_ image: ImageBuffer) -> Double {
                            Double((image.pixel(x: x, y: y) >> UInt32(shift)) & 0xFF)
                        }
                        total += abs(
                            channel(frames[t + 1]) - 2 * channel(frames[t]) + channel(frames[t - 1])
                        )
                    }
                }
            }
        }
        return total
    }

    @Test("a slow turn shimmers less on the squeezed face with the copies than without")
    func lessShimmer() throws {
        let with = try Self.shimmer(minified: true)
        let without = try Self.shimmer(minified: false)
        print(
            "shimmer, 30°–40° 1° a frame: \(Int(with)) with copies, \(Int(without)) without, ratio \(with / without)"
        )
        #expect(with < 0.9 * without)
    }
}
