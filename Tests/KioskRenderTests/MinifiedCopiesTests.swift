import KioskCore
import Testing

@testable import KioskRender

/// Readable minification (issue 29): a turning face's columns shrunk more than 2× sample a
/// box-filtered half-size copy of the page (4×: quarter size), so every source pixel counts.
@Suite("Minified copies of turning pages")
struct MinifiedCopiesTests {
    typealias F = CompositorFixtures

    @Test(
        "each pixel of the half-width copy is the rounded mean of the two beside it; an odd last column averages with itself"
    )
    func halving() throws {
        let page = try F.surface(width: 5, height: 2) { x, y in
            // Premultiplied, opaque: grey levels that differ per pixel.
            let v = UInt32(min(255, 20 * x + 60 * y))
            return 0xFF00_0000 | v << 16 | v << 8 | v
        }
        let half = try #require(MinifiedCopies.halved(page))
        #expect(half.width == 3 && half.height == 2)
        func grey(_ x: Int, _ y: Int) -> Int { Int(half.pixel(x: x, y: y) & 0xFF) }
        // (0 + 20) / 2 = 10; (40 + 60) / 2 = 50; the last column (x = 4) alone: 80.
        #expect(grey(0, 0) == 10 && grey(1, 0) == 50 && grey(2, 0) == 80)
        // Rows stay rows: (60 + 80) / 2 = 70.
        #expect(grey(0, 1) == 70)
        #expect(half.pixel(x: 1, y: 1) >> 24 == 0xFF)
        // Per channel, rounded half up: A (4 + 1) / 2, R (2 + 2), G (1 + 2), B (0 + 3).
        #expect(MinifiedCopies.mean(0x0402_0100, 0x0102_0203) == 0x0302_0202)
        let quarter = try #require(MinifiedCopies(of: page)).quarter
        #expect(quarter.width == 2 && quarter.height == 2)
    }

    @Test("a flat page reads itself; a face squeezed across beyond 2× reads the half-width copy")
    func runs() throws {
        let flat = Homography(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: 0, h: 0, i: 1)
        let box = PixelBox(x0: 0, y0: 0, x1: 800, y1: 480)
        #expect(MinifiedRuns.runs(flat, box: box) == [.init(level: 0, start: 0, end: 800)])
        // Squeezed 3× across (and not at all up and down): the half-width copy throughout.
        let halfSize = Homography(a: 3, b: 0, c: 0, d: 0, e: 1, f: 0, g: 0, h: 0, i: 1)
        #expect(MinifiedRuns.runs(halfSize, box: box) == [.init(level: 1, start: 0, end: 800)])
        #expect(MinifiedRuns.runs(halfSize, box: box, copies: false)[0].level == 0)
        // Not squeezed up and down: a vertical cube's rows read the page.
        #expect(
            MinifiedRuns.runs(halfSize, box: box, axis: .height)
                == [.init(level: 0, start: 0, end: 480)])
        // The same point of the page through the half copy's map.
        let n = Homography(a: 2.5, b: 0.1, c: 3, d: 0.2, e: 2.5, f: 7, g: 0.001, h: 0, i: 1)
        for (x, y) in [(10.5, 20.5), (400.5, 300.5)] {
            let page = try #require(n.map(x, y)),
                copy = try #require(MinifiedRuns.inverse(n, level: 1).map(x, y))
            let bias = LayerPlan.roundingBias
            #expect(abs((page.x - bias + 0.5) / 2 - 0.5 + bias - copy.x) < 1e-9)
            #expect(abs(page.y - copy.y) < 1e-9)
        }
    }

    @Test(
        "each pixel of the half-height copy is the rounded mean of the two above each other; an odd last row averages with itself"
    )
    func halvingHeight() throws {
        let page = try F.surface(width: 2, height: 5) { x, y in
            let v = UInt32(min(255, 20 * y + 60 * x))
            return 0xFF00_0000 | v << 16 | v << 8 | v
        }
        let half = try #require(MinifiedCopies.halved(page, axis: .height))
        #expect(half.width == 2 && half.height == 3)
        func grey(_ x: Int, _ y: Int) -> Int { Int(half.pixel(x: x, y: y) & 0xFF) }
        // (0 + 20) / 2 = 10; (40 + 60) / 2 = 50; the last row (y = 4) alone: 80.
        #expect(grey(0, 0) == 10 && grey(0, 1) == 50 && grey(0, 2) == 80)
        // Columns stay columns: (60 + 80) / 2 = 70.
        #expect(grey(1, 0) == 70)
        // Translucent premultiplied pixels average per channel, exactly.
        let glass = try F.surface(width: 1, height: 2) { _, y in
            y == 0 ? 0x4020_1000 : 0x0000_0000
        }
        #expect(
            try #require(MinifiedCopies.halved(glass, axis: .height)).pixel(x: 0, y: 0)
                == 0x2010_0800)
        let copies = try #require(MinifiedCopies(of: page, axis: .height))
        #expect(copies.axis == .height && copies.quarter.width == 2 && copies.quarter.height == 2)
    }

    @Test(
        "a vertical cube's face squeezed up and down beyond 2× and 4× reads the half- and quarter-height copies by runs of rows, through the same page point"
    )
    func rowRuns() throws {
        // Rows squeezed more the further down (the divisor grows with y): 1× … beyond 4×.
        let n = Homography(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: 0, h: -0.0019, i: 1)
        let box = PixelBox(x0: 0, y0: 0, x1: 800, y1: 480)
        let runs = MinifiedRuns.runs(n, box: box, axis: .height)
        #expect(runs.map(\.level) == [0, 1, 2])
        #expect(runs.first?.start == 0 && runs.last?.end == 480)
        for (a, b) in zip(runs, runs.dropFirst()) { #expect(a.end == b.start) }
        // Each run's first row is squeezed beyond its level's threshold, the one before not.
        for run in runs.dropFirst() {
            let before = MinifiedRuns.shrinkDown(n, x: 400, y: Double(run.start) - 0.5)
            let at = MinifiedRuns.shrinkDown(n, x: 400, y: Double(run.start) + 0.5)
            let threshold = run.level == 1 ? 2.0 : 4.0
            #expect(before <= threshold && at > threshold)
        }
        // The same point of the page through the half copy's map: v halved, u kept.
        let m = Homography(a: 2.5, b: 0.1, c: 3, d: 0.2, e: 2.5, f: 7, g: 0, h: 0.001, i: 1)
        for (x, y) in [(10.5, 20.5), (400.5, 300.5)] {
            let page = try #require(m.map(x, y))
            for level in [1, 2] {
                let copy = try #require(
                    MinifiedRuns.inverse(m, level: level, axis: .height).map(x, y))
                let bias = LayerPlan.roundingBias, k = Double(1 << level)
                #expect(abs((page.y - bias + 0.5) / k - 0.5 + bias - copy.y) < 1e-9)
                #expect(abs(page.x - copy.x) < 1e-9)
            }
        }
    }

    @Test(
        "a redraw inside a rectangle brings height copies up to date in place: equal to copies made afresh"
    )
    func redrawKeepsHeightCopies() throws {
        let page = try ImageBuffer(width: 40, height: 101)
        CairoContext(target: page).clear(to: RGBA(red: 0.1, green: 0.2, blue: 0.3))
        page.minified = MinifiedCopies(of: page, axis: .height)
        let copies = try #require(page.minified)
        // A card's region at odd rows, so both copies' rows straddle its edges.
        let region = Rect(x: 5, y: 13, width: 20, height: 31)
        do {
            let cairo = CairoContext(target: page, redrawing: region)
            cairo.clip(to: region)
            cairo.clear(to: RGBA(red: 0.9, green: 0.5, blue: 0.1))
            cairo.fill(
                Rect(x: 8, y: 20, width: 9, height: 7), color: RGBA(red: 0, green: 0, blue: 1))
        }
        #expect(page.minified === copies, "the copies were dropped, not updated")
        let fresh = try #require(MinifiedCopies(of: page, axis: .height))
        for (kept, made) in [(copies.half, fresh.half), (copies.quarter, fresh.quarter)] {
            #expect(kept.height == made.height)
            var differing = 0
            for y in 0..<made.height {
                for x in 0..<made.width where kept.pixel(x: x, y: y) != made.pixel(x: x, y: y) {
                    differing += 1
                }
            }
            #expect(differing == 0, "\(differing) pixels of the \(made.height)-high copy differ")
        }
    }

    @Test(
        "a redraw inside a rectangle keeps a page's copies and brings them up to date there: equal to copies made afresh"
    )
    func redrawKeepsCopies() throws {
        let page = try ImageBuffer(width: 101, height: 40)
        CairoContext(target: page).clear(to: RGBA(red: 0.1, green: 0.2, blue: 0.3))
        page.minified = MinifiedCopies(of: page)
        let copies = try #require(page.minified)
        // A card's region at odd columns, so both copies' columns straddle its edges.
        let region = Rect(x: 13, y: 5, width: 31, height: 20)
        do {
            let cairo = CairoContext(target: page, redrawing: region)
            cairo.clip(to: region)
            cairo.clear(to: RGBA(red: 0.9, green: 0.5, blue: 0.1))
            cairo.fill(
                Rect(x: 20, y: 8, width: 7, height: 9), color: RGBA(red: 0, green: 0, blue: 1))
        }
        #expect(page.minified === copies, "the copies were dropped, not updated")
        let fresh = try #require(MinifiedCopies(of: page))
        for (kept, made) in [(copies.half, fresh.half), (copies.quarter, fresh.quarter)] {
            var differing = 0
            for y in 0..<made.height {
                for x in 0..<made.width where kept.pixel(x: x, y: y) != made.pixel(x: x, y: y) {
                    differing += 1
                }
            }
            #expect(differing == 0, "\(differing) pixels of the \(made.width)-wide copy differ")
        }
        // A whole-page draw (no region said) drops them: nothing tells where it drew.
        _ = CairoContext(target: page)
        #expect(page.minified == nil)
    }
}
