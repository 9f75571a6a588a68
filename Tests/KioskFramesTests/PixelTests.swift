import KioskCore
import Testing

@testable import KioskFrames

/// Moved from KioskWaylandTests' SurfaceSizingTests with the code they test.
@Suite("Damage pixels and PixelBuffer")
struct PixelTests {
    @Test("damage rectangles are rounded outwards to whole pixels and clipped to the buffer")
    func clipDamage() {
        let clipped = DamageHistory.wholePixels(
            covering: [
                Rect(x: 10.5, y: 20.2, width: 5, height: 5),
                Rect(x: -10, y: -10, width: 30, height: 30),
                Rect(x: 90, y: 90, width: 50, height: 50),
                Rect(x: 200, y: 200, width: 5, height: 5),
                Rect(x: .nan, y: 0, width: 5, height: 5),
                Rect(x: 0, y: 0, width: .infinity, height: 5)
            ], width: 100, height: 100)
        #expect(
            clipped.map { [$0.x, $0.y, $0.width, $0.height] } == [
                [10, 20, 6, 6], [0, 0, 20, 20], [90, 90, 10, 10]
            ])
    }

    @Test("PixelBuffer.fill writes only inside the clipped rectangle")
    func fill() {
        var storage = [UInt32](repeating: 0, count: 4 * 3)
        storage.withUnsafeMutableBytes { raw in
            let buffer = PixelBuffer(
                pixels: raw.baseAddress!, width: 4, height: 3, stride: 16, scale: 1,
                holdsPreviousFrame: false)
            buffer.fill(x: 2, y: 1, width: 10, height: 10, argb: 0xFFFF_FFFF)
            buffer.fill(x: -3, y: -3, width: 4, height: 4, argb: 0xFF00_00FF)
        }
        #expect(
            storage == [
                0xFF00_00FF, 0, 0, 0, 0, 0, 0xFFFF_FFFF, 0xFFFF_FFFF, 0, 0, 0xFFFF_FFFF, 0xFFFF_FFFF
            ])
    }
}
