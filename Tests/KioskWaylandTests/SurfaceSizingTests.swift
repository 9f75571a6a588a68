import KioskCore
import Testing

@testable import KioskWayland

@Suite("SurfaceSizing and damage clipping")
struct SurfaceSizingTests {
    @Test("a 0x0 configure takes the configured default size")
    func zeroConfigure() {
        let sizing = SurfaceSizing.forConfigure(width: 0, height: 0, defaultSize: (1024, 600), scale: 1)
        #expect(sizing == SurfaceSizing(logicalWidth: 1024, logicalHeight: 600, scale: 1))
    }

    @Test("a sized configure is obeyed exactly and the buffer is size times scale")
    func sizedConfigure() {
        let sizing = SurfaceSizing.forConfigure(width: 960, height: 540, defaultSize: (1280, 720), scale: 2)
        #expect(sizing.logicalWidth == 960 && sizing.logicalHeight == 540)
        #expect(sizing.bufferWidth == 1920 && sizing.bufferHeight == 1080)
    }

    @Test("one zero dimension takes only that dimension from the default")
    func halfZero() {
        let sizing = SurfaceSizing.forConfigure(width: 800, height: 0, defaultSize: (1280, 720), scale: 1)
        #expect(sizing == SurfaceSizing(logicalWidth: 800, logicalHeight: 720, scale: 1))
    }

    @Test("nonsense from the compositor is clamped, not trapped")
    func nonsense() {
        let sizing = SurfaceSizing.forConfigure(width: -5, height: -1, defaultSize: (0, 0), scale: 0)
        #expect(sizing == SurfaceSizing(logicalWidth: 1, logicalHeight: 1, scale: 1))
        #expect(SurfaceSizing.forConfigure(width: 10, height: 10, defaultSize: (1, 1), scale: 99).scale == 8)
    }

    @Test("a configure (or default size) wider or taller than the shm limit is clamped to it, per scale")
    func overLimit() {
        let limit = SurfaceSizing.maximumBufferSide
        let wide = SurfaceSizing.forConfigure(width: Int32.max, height: 40000, defaultSize: (1, 1), scale: 1)
        #expect(wide == SurfaceSizing(logicalWidth: limit, logicalHeight: limit, scale: 1))
        let scaled = SurfaceSizing.forConfigure(width: 20000, height: 600, defaultSize: (1, 1), scale: 2)
        #expect(scaled.bufferWidth == limit && scaled.bufferHeight == 1200)
        let preview = SurfaceSizing.forConfigure(width: 0, height: 0, defaultSize: (19200, 1080), scale: 1)
        #expect(preview.logicalWidth == limit && preview.logicalHeight == 1080)
    }

    @Test("damage rectangles are rounded outwards to whole pixels and clipped to the buffer")
    func clipDamage() {
        let clipped = WaylandWindow.clip(
            [
                Rect(x: 10.5, y: 20.2, width: 5, height: 5),
                Rect(x: -10, y: -10, width: 30, height: 30),
                Rect(x: 90, y: 90, width: 50, height: 50),
                Rect(x: 200, y: 200, width: 5, height: 5),
                Rect(x: .nan, y: 0, width: 5, height: 5),
                Rect(x: 0, y: 0, width: .infinity, height: 5),
            ], width: 100, height: 100)
        #expect(clipped.map { [$0.x, $0.y, $0.width, $0.height] } == [[10, 20, 6, 6], [0, 0, 20, 20], [90, 90, 10, 10]])
    }

    @Test("PixelBuffer.fill writes only inside the clipped rectangle")
    func fill() {
        var storage = [UInt32](repeating: 0, count: 4 * 3)
        storage.withUnsafeMutableBytes { raw in
            let buffer = PixelBuffer(
                pixels: raw.baseAddress!, width: 4, height: 3, stride: 16, scale: 1, holdsPreviousFrame: false)
            buffer.fill(x: 2, y: 1, width: 10, height: 10, argb: 0xFFFF_FFFF)
            buffer.fill(x: -3, y: -3, width: 4, height: 4, argb: 0xFF00_00FF)
        }
        #expect(storage == [0xFF00_00FF, 0, 0, 0, 0, 0, 0xFFFF_FFFF, 0xFFFF_FFFF, 0, 0, 0xFFFF_FFFF, 0xFFFF_FFFF])
    }

    @Test("connecting to a display that does not exist fails with a one-line reason")
    func noCompositor() {
        #expect(throws: WaylandError.self) { try WaylandDisplay(name: "kiosk-shell-test-no-such-display") }
        do {
            _ = try WaylandDisplay(name: "kiosk-shell-test-no-such-display")
        } catch {
            #expect(error.description.hasPrefix("cannot connect to Wayland display kiosk-shell-test-no-such-display: "))
            #expect(!error.description.contains("\n"))
        }
    }
}
