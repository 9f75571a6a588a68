import KioskCore
import Testing

@testable import KioskRender

/// After a card is redrawn, the page's recorded opacity is worked out from the redrawn pixels
/// alone when the page was opaque before, and still matches a full scan.
@Suite("Redraw opacity")
struct RedrawOpacityTests {
    @Test("an opaque page stays opaque after an opaque redraw, and is not after a transparent one")
    func redrawnRectsOnly() throws {
        let buffer = try ImageBuffer(width: 64, height: 48)
        CairoContext(target: buffer).clear(to: RGBA(red: 0.1, green: 0.2, blue: 0.3, alpha: 1))
        #expect(buffer.recordOpacity())
        let card = Rect(x: 8, y: 8, width: 20, height: 10)
        let opaqueRedraw = CairoContext(target: buffer)
        opaqueRedraw.fill(card, color: RGBA(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(buffer.recordOpacity(redrawn: [card], wasOpaque: true))
        #expect(buffer.knownOpacity == true)
        let hole = Rect(x: 40, y: 30, width: 4, height: 4)
        let clear = CairoContext(target: buffer)
        clear.clip(to: hole)
        clear.clear(to: RGBA(red: 0, green: 0, blue: 0, alpha: 0))
        #expect(!buffer.recordOpacity(redrawn: [card, hole], wasOpaque: true))
        // A page that was not opaque is scanned whole (the redraw might have filled its hole).
        let filled = CairoContext(target: buffer)
        filled.fill(hole, color: RGBA(red: 0, green: 1, blue: 0, alpha: 1))
        #expect(buffer.recordOpacity(redrawn: [hole], wasOpaque: false))
    }
}
