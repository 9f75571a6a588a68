import KioskCore
import Testing

@testable import KioskWayland

@Suite("SurfaceSizing")
struct SurfaceSizingTests {
    @Test("a 0x0 configure takes the configured default size")
    func zeroConfigure() {
        let sizing = SurfaceSizing.forConfigure(
            width: 0, height: 0, defaultSize: (1024, 600), scale: 1)
        #expect(sizing == SurfaceSizing(logicalWidth: 1024, logicalHeight: 600, scale: 1))
    }

    @Test("a sized configure is obeyed exactly and the buffer is size times scale")
    func sizedConfigure() {
        let sizing = SurfaceSizing.forConfigure(
            width: 960, height: 540, defaultSize: (1280, 720), scale: 2)
        #expect(sizing.logicalWidth == 960 && sizing.logicalHeight == 540)
        #expect(sizing.bufferWidth == 1920 && sizing.bufferHeight == 1080)
    }

    @Test("one zero dimension takes only that dimension from the default")
    func halfZero() {
        let sizing = SurfaceSizing.forConfigure(
            width: 800, height: 0, defaultSize: (1280, 720), scale: 1)
        #expect(sizing == SurfaceSizing(logicalWidth: 800, logicalHeight: 720, scale: 1))
    }

    @Test("nonsense from the compositor is clamped, not trapped")
    func nonsense() {
        let sizing = SurfaceSizing.forConfigure(
            width: -5, height: -1, defaultSize: (0, 0), scale: 0)
        #expect(sizing == SurfaceSizing(logicalWidth: 1, logicalHeight: 1, scale: 1))
        #expect(
            SurfaceSizing.forConfigure(width: 10, height: 10, defaultSize: (1, 1), scale: 99).scale
                == 8)
    }

    @Test(
        "a configure (or default size) wider or taller than the shm limit is clamped to it, per scale"
    )
    func overLimit() {
        let limit = SurfaceSizing.maximumBufferSide
        let wide = SurfaceSizing.forConfigure(
            width: Int32.max, height: 40000, defaultSize: (1, 1), scale: 1)
        #expect(wide == SurfaceSizing(logicalWidth: limit, logicalHeight: limit, scale: 1))
        let scaled = SurfaceSizing.forConfigure(
            width: 20000, height: 600, defaultSize: (1, 1), scale: 2)
        #expect(scaled.bufferWidth == limit && scaled.bufferHeight == 1200)
        let preview = SurfaceSizing.forConfigure(
            width: 0, height: 0, defaultSize: (19200, 1080), scale: 1)
        #expect(preview.logicalWidth == limit && preview.logicalHeight == 1080)
    }

    @Test("connecting to a display that does not exist fails with a one-line reason")
    func noCompositor() {
        #expect(throws: WaylandError.self) {
            try WaylandDisplay(name: "kiosk-shell-test-no-such-display")
        }
        do {
            _ = try WaylandDisplay(name: "kiosk-shell-test-no-such-display")
        } catch {
            #expect(
                error.description.hasPrefix(
                    "cannot connect to Wayland display kiosk-shell-test-no-such-display: "))
            #expect(!error.description.contains("\n"))
        }
    }
}
