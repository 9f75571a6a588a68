import Glibc
import KioskRender
import Testing

/// A folder of golden PNGs that rendered buffers are compared with. Fonts antialias slightly
/// differently across freetype versions, so a pixel counts as different only beyond
/// `channelTolerance` in some channel, and `allowedFraction` of the pixels may differ.
/// `RECORD_GOLDEN=1` rewrites the goldens; a failure (or a missing golden) writes
/// `<name>.actual.png` beside the golden for a look.
public struct GoldenFolder: Sendable {
    public let directory: String
    public static let channelTolerance = 6
    public static let allowedFraction = 0.002

    /// The `Golden` folder beside the test file `filePath` (pass `#filePath`).
    public init(besides filePath: String) {
        guard let slash = filePath.lastIndex(of: "/") else {
            directory = "Golden"
            return
        }
        directory = String(filePath[..<slash]) + "/Golden"
    }

    public static var isRecording: Bool {
        getenv("RECORD_GOLDEN").map { String(cString: $0) } == "1"
    }

    public func check(
        _ image: ImageBuffer, named name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        TestFonts.pin()
        let goldenPath = "\(directory)/\(name).png"
        let actualPath = "\(directory)/\(name).actual.png"
        if Self.isRecording {
            #expect(throws: Never.self, sourceLocation: sourceLocation) {
                try image.writePNG(to: goldenPath)
            }
            unlink(actualPath)
            return
        }
        guard access(goldenPath, R_OK) == 0, let golden = try? ImageBuffer(pngPath: goldenPath)
        else {
            try? image.writePNG(to: actualPath)
            Issue.record(
                "missing golden \(name).png; wrote \(name).actual.png (RECORD_GOLDEN=1 records)",
                sourceLocation: sourceLocation)
            return
        }
        guard golden.width == image.width, golden.height == image.height else {
            try? image.writePNG(to: actualPath)
            Issue.record(
                "\(name): size \(image.width)x\(image.height) differs from golden \(golden.width)x\(golden.height)",
                sourceLocation: sourceLocation)
            return
        }
        let (differing, worst) = Self.difference(image, golden)
        let allowed = Int(Double(image.width * image.height) * Self.allowedFraction)
        if differing > allowed {
            try? image.writePNG(to: actualPath)
            Issue.record(
                "\(name): \(differing) pixels differ (allowed \(allowed)), worst channel difference \(worst); wrote \(name).actual.png",
                sourceLocation: sourceLocation)
        } else {
            unlink(actualPath)
        }
    }

    /// Pixels differing beyond the tolerance (over the common area), and the largest channel
    /// difference seen.
    public static func difference(_ a: ImageBuffer, _ b: ImageBuffer) -> (Int, Int) {
        var differing = 0
        var worst = 0
        for y in 0..<min(a.height, b.height) {
            for x in 0..<min(a.width, b.width) {
                let p = a.pixel(x: x, y: y)
                let q = b.pixel(x: x, y: y)
                if p == q { continue }
                var pixelWorst = 0
                for shift in stride(from: 0, to: 32, by: 8) {
                    pixelWorst = max(
                        pixelWorst,
                        abs(Int((p >> UInt32(shift)) & 0xff) - Int((q >> UInt32(shift)) & 0xff)))
                }
                worst = max(worst, pixelWorst)
                if pixelWorst > channelTolerance { differing += 1 }
            }
        }
        return (differing, worst)
    }
}
