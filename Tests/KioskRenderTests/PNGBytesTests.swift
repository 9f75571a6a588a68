import Glibc
import Testing

@testable import KioskRender

@Suite("PNG bytes")
struct PNGBytesTests {
    @Test("the PNG in memory decodes to the same size and pixels as the buffer")
    func roundTrip() throws {
        let image = try ImageBuffer(width: 40, height: 30)
        image.pixels.storeBytes(
            of: 0xFF00_80FF, toByteOffset: 5 * image.stride + 7 * 4, as: UInt32.self)
        image.markDirty()
        let png = try image.pngBytes()
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let path = "\(TestFixtures.directory)/png-bytes.png"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = png.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        let decoded = try ImageBuffer(pngPath: path)
        #expect(decoded.width == 40 && decoded.height == 30)
        #expect(decoded.pixel(x: 7, y: 5) == 0xFF00_80FF)
    }

    @Test("past the limit it stops and says so, instead of holding the whole PNG")
    func limit() throws {
        let image = try ImageBuffer(width: 64, height: 64)
        #expect(throws: RenderError.pngTooLarge(limit: 16)) { try image.pngBytes(limit: 16) }
        #expect(
            RenderError.pngTooLarge(limit: 4096 * 1024).description
                == "the PNG is larger than 4096 KiB")
    }
}
