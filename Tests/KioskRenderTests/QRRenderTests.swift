import Foundation
import KioskCore
import Testing
import KioskTestSupport

@testable import KioskRender

/// QR codes: goldens to look at, read back by a real decoder (zbar's `zbarimg`, from
/// zbar-tools), modules of whole pixels in pure black and white at any scale, and a placeholder
/// (logged once) for a value too long for its level.
@Suite("QR widget", .serialized)
struct QRRenderTests {
    static let manual = "https://example.com/plant/line-3/manual?lang=en"
    static let wifi = "WIFI:T:WPA;S:Plant floor;P:c0nv3y0r-b3lt;;"
    static let widgets: [Widget] = [
        .qr(QRWidget(content: .text(manual), label: "Scan for the manual")),
        .qr(QRWidget(content: .value("wifi"), level: .H, label: "Join the Wi-Fi"))
    ]

    func render(
        _ widgets: [Widget], width: Double, height: Double, scale: Double = 1,
        values: [String: LiveValue] = ["wifi": LiveValue(text: wifi)]
    ) throws -> ImageBuffer {
        var context = TestFixtures.context()
        context.values = { values[$0] }
        return try TestFixtures.renderer().render(
            panel: Panel(widgets: widgets), size: Size(width: width, height: height),
            scale: scale, theme: .standard, context: context)
    }

    /// What `zbarimg` reads in `image`, one text per code found.
    static func decode(_ image: ImageBuffer) throws -> [String] {
        let path =
            NSTemporaryDirectory() + "kiosk-qr-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).png"
        try image.writePNG(to: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/zbarimg")
        // --raw: the text only, one line per code (the texts here are ASCII).
        process.arguments = ["--quiet", "--raw", path]
        let out = Pipe()
        process.standardOutput = out
        // It complains about the missing system bus; only the codes matter.
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // zbarimg ends each code with a newline; texts here hold none.
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test("goldens at 800x480 and 1920x1080, each read back by zbarimg as the text put in")
    func goldensDecode() throws {
        let small = try render(Self.widgets, width: 800, height: 480 * 1.3)
        let large = try render(Self.widgets, width: 1920, height: 1080)
        goldenImages.check(small, named: "qr-800x480")
        goldenImages.check(large, named: "qr-1920x1080")
        for image in [small, large] {
            #expect(try Self.decode(image).sorted() == [Self.manual, Self.wifi].sorted())
        }
    }

    /// The bounding box of the black pixels and whether every pixel in it is pure black or white.
    static func codeSquare(_ image: ImageBuffer) -> (box: (Int, Int, Int, Int), crisp: Bool) {
        var minX = Int.max
        var minY = Int.max
        var maxX = -1
        var maxY = -1
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixel(x: x, y: y) & 0xFF_FFFF == 0 {
                minX = min(minX, x)
                minY = min(minY, y)
                maxX = max(maxX, x)
                maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return ((0, 0, 0, 0), false) }
        let crisp = (minY...maxY).allSatisfy { y in
            (minX...maxX).allSatisfy { x in
                let rgb = image.pixel(x: x, y: y) & 0xFF_FFFF
                return rgb == 0 || rgb == 0xFF_FFFF
            }
        }
        return ((minX, minY, maxX, maxY), crisp)
    }

    @Test(
        "modules are whole device pixels, the largest that fit, pure black on white at scale 1.5",
        arguments: [1.0, 1.5, 2.0])
    func crispModules(scale: Double) throws {
        let widget = QRWidget(content: .text(Self.manual), size: 300)
        let image = try render([.qr(widget)], width: 400, height: 400, scale: scale)
        let (box, crisp) = Self.codeSquare(image)
        #expect(crisp)
        guard case .success(let code) = QRCode.encode(Self.manual, level: .M) else {
            Issue.record("libqrencode did not encode")
            return
        }
        // The dark modules span the code's width (its finder patterns sit in three corners).
        let side = box.2 - box.0 + 1
        #expect(side == box.3 - box.1 + 1)
        #expect(side % code.width == 0)
        let module = side / code.width
        // The card is 300 high less 2 × 12 inset: the next size up would not fit.
        let room = Int(((300 - 2 * PageRenderer.qrInset) * scale).rounded(.down))
        #expect(module * (code.width + 8) <= room)
        #expect((module + 1) * (code.width + 8) > room)
        #expect(try Self.decode(image) == [Self.manual])
    }

    @Test("a higher level makes a bigger code of the same text; too long text fails to encode")
    func levels() throws {
        let l = try QRCode.encode(Self.manual, level: .L).get()
        let h = try QRCode.encode(Self.manual, level: .H).get()
        #expect(h.width > l.width)
        let long = String(repeating: "x", count: QRErrorCorrection.H.byteCapacity + 1)
        #expect(
            throws: QRCode.Failure.tooLong(bytes: long.utf8.count, level: .H),
            performing: { try QRCode.encode(long, level: .H).get() })
        #expect((try? QRCode.encode(long, level: .L).get()) != nil)
    }

    @Test("a value too long for its level draws a placeholder and logs one line, once")
    func tooLongValue() throws {
        let long = String(repeating: "y", count: QRErrorCorrection.H.byteCapacity + 10)
        let renderer = TestFixtures.renderer()
        var lines: [String] = []
        renderer.qrFailures.log = { lines.append($0) }
        var context = TestFixtures.context()
        context.values = { _ in LiveValue(text: long) }
        let panel = Panel(widgets: [.qr(QRWidget(content: .value("v"), level: .H))])
        for _ in 0..<3 {
            let image = try renderer.render(
                panel: panel, size: Size(width: 400, height: 300), scale: 1, theme: .standard,
                context: context)
            #expect(Self.codeSquare(image).box == (0, 0, 0, 0))
        }
        #expect(lines == ["QR code not drawn: 1283 bytes are too long for level H"])
    }
}
