import KioskCore
import Testing

@testable import KioskRender

/// Readable minification (issue 29): a turning face's columns shrunk more than 2× sample a
/// box-filtered half-size copy of the page (4×: quarter size), so every source pixel counts.
@Suite("Minified copies of turning pages")
struct MinifiedCopiesTests {
    typealias F = CompositorFixtures

    @Test("each pixel of the half-size copy is the rounded mean of its 2x2 block; an odd edge averages with itself")
    func halving() throws {
        let page = try F.surface(width: 5, height: 3) { x, y in
            // Premultiplied, opaque: grey levels that differ per pixel.
            let v = UInt32(min(255, 20 * x + 60 * y))
            return 0xFF00_0000 | v << 16 | v << 8 | v
        }
        let half = try #require(MinifiedCopies.halved(page))
        #expect(half.width == 3 && half.height == 2)
        func grey(_ x: Int, _ y: Int) -> Int { Int(half.pixel(x: x, y: y) & 0xFF) }
        // (0 + 20 + 60 + 80) / 4 = 40; (40 + 60 + 100 + 120) / 4 = 80.
        #expect(grey(0, 0) == 40 && grey(1, 0) == 80)
        // The last column (x = 4) on its own: (80 + 80 + 140 + 140) / 4 = 110.
        #expect(grey(2, 0) == 110)
        // The last row (y = 2) on its own: (120 + 140 + 120 + 140) / 4 = 130.
        #expect(grey(0, 1) == 130)
        #expect(half.pixel(x: 1, y: 1) >> 24 == 0xFF)
        #expect(MinifiedCopies.mean(0x0402_0100, 0x0402_0100, 0x0402_0100, 0x0001_0203) == 0x0302_0101)
    }

    @Test("a flat page reads itself; a cube face reads the half copy only where it is shrunk beyond 2×")
    func runs() throws {
        let flat = Homography(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: 0, h: 0, i: 1)
        let box = PixelBox(x0: 0, y0: 0, x1: 800, y1: 480)
        #expect(MinifiedColumns.runs(flat, box: box) == [.init(level: 0, x0: 0, x1: 800)])
        let halfSize = Homography(a: 3, b: 0, c: 0, d: 0, e: 3, f: 0, g: 0, h: 0, i: 1)
        #expect(MinifiedColumns.runs(halfSize, box: box) == [.init(level: 1, x0: 0, x1: 800)])
        #expect(MinifiedColumns.runs(halfSize, box: box, copies: false)[0].level == 0)
        // The same point of the page through the half copy's map.
        let n = Homography(a: 2.5, b: 0.1, c: 3, d: 0.2, e: 2.5, f: 7, g: 0.001, h: 0, i: 1)
        for (x, y) in [(10.5, 20.5), (400.5, 300.5)] {
            let page = try #require(n.map(x, y)), copy = try #require(MinifiedColumns.inverse(n, level: 1).map(x, y))
            let bias = LayerPlan.roundingBias
            #expect(abs((page.x - bias + 0.5) / 2 - 0.5 + bias - copy.x) < 1e-9)
            #expect(abs((page.y - bias + 0.5) / 2 - 0.5 + bias - copy.y) < 1e-9)
        }
    }
}
