import KioskApp
import KioskCore
import KioskRender
import KioskTestSupport
import Testing

/// Readable minification for a vertical cube (issue 29): a face turning about a horizontal axis
/// is squeezed up and down, so where its rows are shrunk beyond 2× (4×) they read the page's
/// box-filtered half- (quarter-) height copy and a row of text keeps its glyph rows.
@Suite("Minified vertical cube faces")
struct MinifiedVerticalCubeTests {
    typealias Cube = MinifiedCubeTests

    @Test(
        "a vertical cube 30° and 45° into a turn at 800×480: rows squeezed beyond 2× read the smaller copies, the others are unchanged",
        arguments: [30, 45])
    func golden(degrees: Int) throws {
        let image = try Cube.frame(degrees: Double(degrees), vertical: true)
        appGoldens.check(image, named: "vertical-cube-minified-\(degrees)")
        let plain = try Cube.frame(degrees: Double(degrees), minified: false, vertical: true)
        // Rows (top to bottom) where the two pictures differ at all.
        let changed = (0..<image.height).filter { y in
            (0..<image.width).contains { image.pixel(x: $0, y: y) != plain.pixel(x: $0, y: y) }
        }
        let ranges = changed.reduce(into: [ClosedRange<Int>]()) { runs, y in
            if let last = runs.last, last.upperBound == y - 1 {
                runs[runs.count - 1] = last.lowerBound...y
            } else {
                runs.append(y...y)
            }
        }
        print(
            "vertical cube at \(degrees)°: \(changed.count) of \(image.height) rows read a smaller copy: \(ranges)"
        )
        #expect(changed.count > 30)
        // Between the two faces' squeezed text (the near half of the face turning away, the
        // cube's edge) nothing changes: rows 160–300 at 30°, 140–300 at 45°.
        let unchanged = degrees == 30 ? 160..<300 : 140..<300
        #expect(!changed.contains { unchanged.contains($0) })
    }

    @Test("a slow vertical turn shimmers less on the squeezed face with the copies than without")
    func lessShimmer() throws {
        let with = try Cube.shimmer(minified: true, vertical: true)
        let without = try Cube.shimmer(minified: false, vertical: true)
        print(
            "vertical shimmer, 30°–40° 1° a frame: \(Int(with)) with copies, \(Int(without)) without, ratio \(with / without)"
        )
        // Measured 0.93 (the horizontal cube: 0.84): the squeezed rows are fewer than the columns.
        #expect(with < 0.95 * without)
    }
}
