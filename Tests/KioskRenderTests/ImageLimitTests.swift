import Foundation
import Glibc
import KioskCore
import KioskTestSupport
import Testing

@testable import KioskRender

/// Images and text at and beyond the configuration limits: the renderer refuses what is over a
/// limit before allocating for it, never blocks on a FIFO, and gives decoded images back.
@Suite("Image and text limits", .serialized)
struct ImageLimitTests {
    /// A PNG whose header claims `width` x `height` with a few bytes of (CRC-correct) data.
    static func headerOnlyPNG(width: UInt32, height: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] {
            [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
        }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            var c: UInt32 = 0xFFFF_FFFF
            for byte in body {
                c ^= UInt32(byte)
                for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            }
            return be(UInt32(data.count)) + body + be(c ^ 0xFFFF_FFFF)
        }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        return signature + chunk("IHDR", be(width) + be(height) + [8, 6, 0, 0, 0])
            + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + chunk("IEND", [])
    }

    @Test("a 20000x20000 PNG is refused from its header: nothing is decoded or kept")
    func hugeImage() throws {
        let path = "\(TestFixtures.directory)/huge-header.png"
        try Data(Self.headerOnlyPNG(width: 20000, height: 20000)).write(
            to: URL(fileURLWithPath: path))
        let cache = ImageCache()
        #expect(cache.image(at: path) == nil)
        #expect(cache.memoryBytes == 0)
        guard case .failure(let error) = PNGDecoder.decode(path: path) else {
            Issue.record("decoded a 400-megapixel image")
            return
        }
        #expect(error.description.contains("over the limit"))
    }

    @Test("a FIFO in place of an image gives the placeholder at once")
    func fifoImage() {
        let path = "\(TestFixtures.directory)/pipe-\(getpid()).png"
        unlink(path)
        #expect(mkfifo(path, 0o644) == 0)
        defer { unlink(path) }
        let started = Date()
        #expect(ImageCache().image(at: path) == nil)
        if case .success = PNGDecoder.decode(path: path) { Issue.record("a FIFO decoded") }
        #expect(Date().timeIntervalSince(started) < 2)
    }

    @Test("keepOnly gives the pixels of images no page uses back, and the byte budget evicts")
    func memoryComesBack() throws {
        let a = "\(TestFixtures.directory)/keep-a.png"
        let b = "\(TestFixtures.directory)/keep-b.png"
        try ImageBuffer(width: 200, height: 100).writePNG(to: a)
        try ImageBuffer(width: 100, height: 100).writePNG(to: b)
        let cache = ImageCache()
        #expect(cache.image(at: a) != nil)
        #expect(cache.image(at: b) != nil)
        #expect(cache.memoryBytes == 200 * 100 * 4 + 100 * 100 * 4)
        cache.keepOnly([b])
        #expect(cache.memoryBytes == 100 * 100 * 4)
        cache.keepOnly([])
        #expect(cache.memoryBytes == 0)

        let small = ImageCache(capacity: 10, byteBudget: 100 * 100 * 4)
        #expect(small.image(at: a) != nil)
        #expect(small.image(at: b) != nil)
        #expect(small.cachedPaths == [b])
    }

    @Test("a truncated PNG gives the placeholder, not a crash")
    func truncatedImage() throws {
        let path = "\(TestFixtures.directory)/truncated.png"
        let full = "\(TestFixtures.directory)/full.png"
        try ImageBuffer(width: 64, height: 64).writePNG(to: full)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: full))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
        #expect(ImageCache().image(at: path) == nil)
    }

    @Test("an unbroken word of the config limit lays out in well under a second")
    func longWord() {
        TestFonts.pin()
        let word = String(repeating: "x", count: ConfigLimits.wordScalars)
        let started = Date()
        let layout = TextLayout(
            context: TextContext(), text: word, family: "DejaVu Sans", size: 16, width: 300)
        #expect(layout.lineCount > 1)
        #expect(Date().timeIntervalSince(started) < 1)
    }
}
