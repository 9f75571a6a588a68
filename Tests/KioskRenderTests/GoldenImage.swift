import Glibc
import KioskRender
import Testing

/// Compares rendered buffers with PNGs in Golden/. Fonts antialias slightly differently across
/// freetype versions, so a pixel counts as different only beyond `channelTolerance` in some
/// channel, and a few such pixels are allowed. `RECORD_GOLDEN=1` rewrites the goldens; a failure
/// (or a missing golden) writes `<name>.actual.png` beside the golden for a look.
enum GoldenImage {
    static let channelTolerance = 6
    static let allowedFraction = 0.002

    static var directory: String {
        let file = #filePath
        guard let slash = file.lastIndex(of: "/") else { return "Golden" }
        return String(file[..<slash]) + "/Golden"
    }

    static var isRecording: Bool { getenv("RECORD_GOLDEN").map { String(cString: $0) } == "1" }

    static func check(_ image: ImageBuffer, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let goldenPath = "\(directory)/\(name).png"
        let actualPath = "\(directory)/\(name).actual.png"
        if isRecording {
            #expect(throws: Never.self, sourceLocation: sourceLocation) { try image.writePNG(to: goldenPath) }
            unlink(actualPath)
            return
        }
        guard access(goldenPath, R_OK) == 0, let golden = try? ImageBuffer(pngPath: goldenPath) else {
            try? image.writePNG(to: actualPath)
            Issue.record("missing golden \(name).png; wrote \(name).actual.png (RECORD_GOLDEN=1 records)", sourceLocation: sourceLocation)
            return
        }
        guard golden.width == image.width, golden.height == image.height else {
            try? image.writePNG(to: actualPath)
            Issue.record(
                "\(name): size \(image.width)x\(image.height) differs from golden \(golden.width)x\(golden.height)",
                sourceLocation: sourceLocation)
            return
        }
        let (differing, worst) = difference(image, golden)
        let allowed = Int(Double(image.width * image.height) * allowedFraction)
        if differing > allowed {
            try? image.writePNG(to: actualPath)
            Issue.record(
                "\(name): \(differing) pixels differ (allowed \(allowed)), worst channel difference \(worst); wrote \(name).actual.png",
                sourceLocation: sourceLocation)
        } else {
            unlink(actualPath)
        }
    }

    /// Pixels differing beyond the tolerance, and the largest channel difference seen.
    static func difference(_ a: ImageBuffer, _ b: ImageBuffer) -> (Int, Int) {
        var differing = 0
        var worst = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.pixel(x: x, y: y)
                let q = b.pixel(x: x, y: y)
                if p == q { continue }
                var pixelWorst = 0
                for shift in stride(from: 0, to: 32, by: 8) {
                    let d = abs(Int((p >> UInt32(shift)) & 0xff) - Int((q >> UInt32(shift)) & 0xff))
                    pixelWorst = max(pixelWorst, d)
                }
                worst = max(worst, pixelWorst)
                if pixelWorst > channelTolerance { differing += 1 }
            }
        }
        return (differing, worst)
    }
}
