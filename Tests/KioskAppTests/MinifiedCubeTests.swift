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

    /// The cube of pages a and b dragged by `degrees` of its 90° turn (finger still down).
    static func frame(degrees: Double, minified: Bool = true) throws -> ImageBuffer {
        _ = AppFixture.fonts
        let cube = PageDefinition(
            id: "cube", title: "Cube", content: .cube(CubeSpec(faces: ["a", "b"])))
        let configuration = LetterPages.configuration(
            home: "cube", [tiles("a"), tiles("b"), cube])
        let renderer = FrameRenderer(configuration: configuration, scale: 1)
        let navigator = try Navigator(configuration: configuration, viewport: size)
        let distance = degrees / 90 * size.width
        try ActionScript.parse("drag 600,200 \(600 - distance),200 250ms").play(
            on: navigator, until: 0.25)
        let scene = navigator.scene()
        for layer in scene.layers {
            let (w, h) = (layer.size.width, layer.size.height)
            let m = layer.transform
            func px(_ x: Double, _ y: Double) -> (Double, Double) {
                let X = m[0, 0] * x + m[0, 1] * y + m[0, 3], Y = m[1, 0] * x + m[1, 1] * y + m[1, 3], W = m[3, 0] * x + m[3, 1] * y + m[3, 3]
                return (X / W, Y / W)
            }
            print("DBG \(degrees) \(layer.content) corners", px(0, 0), px(w, 0), px(w, h), px(0, h))
        }
        return try renderer.render(scene, now: AppFixture.instant, minified: minified)
    }

    @Test(
        "a cube 30° and 45° into a turn: where the faces are shrunk beyond 2× they read the smaller copies, elsewhere nothing changes",
        arguments: [30, 45])
    func golden(degrees: Int) throws {
        let image = try Self.frame(degrees: Double(degrees))
        appGoldens.check(image, named: "cube-minified-\(degrees)")
        let plain = try Self.frame(degrees: Double(degrees), minified: false)
        let (differing, _) = GoldenFolder.difference(image, plain)
        #expect(differing > 1000)
        // The face turned towards the viewer is shrunk less than 2× at 30°: unchanged there.
        if degrees == 30 {
            var nearChanged = 0
            for y in 0..<image.height {
                for x in 0..<image.width / 3 where image.pixel(x: x, y: y) != plain.pixel(x: x, y: y) {
                    nearChanged += 1
                }
            }
            #expect(nearChanged == 0)
        }
    }

    /// Shimmer over a slow turn 1° a frame: the second difference in time of each pixel of the
    /// far face's region (|f(t+1) − 2 f(t) + f(t−1)|, summed), which smooth motion keeps small
    /// and letters that come and go make large.
    static func shimmer(minified: Bool) throws -> Double {
        let frames = try stride(from: 30.0, through: 40.0, by: 1.0).map {
            try frame(degrees: $0, minified: minified)
        }
        var total = 0.0
        for t in 1..<(frames.count - 1) {
            for y in 60..<340 {
                for x in 430..<630 {
                    for shift in stride(from: 0, to: 24, by: 8) {
                        func channel(_ image: ImageBuffer) -> Double {
                            Double((image.pixel(x: x, y: y) >> UInt32(shift)) & 0xFF)
                        }
                        total += abs(
                            channel(frames[t + 1]) - 2 * channel(frames[t]) + channel(frames[t - 1]))
                    }
                }
            }
        }
        return total
    }

    @Test("a slow turn shimmers less on the shrunk face with the copies than without")
    func lessShimmer() throws {
        let with = try Self.shimmer(minified: true)
        let without = try Self.shimmer(minified: false)
        print("shimmer, 30°–40° 1° a frame: \(Int(with)) with copies, \(Int(without)) without, ratio \(with / without)")
        #expect(with < 0.8 * without)
    }
}
