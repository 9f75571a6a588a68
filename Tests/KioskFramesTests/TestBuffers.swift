import KioskCore
import KioskFrames

/// Plain memory a test owns, as a backend's buffer; `isBusy` is set by the test's fake consumer.
final class TestBuffer: SwapBuffer {
    let pixels: UnsafeMutableRawPointer
    let width: Int
    let height: Int
    let stride: Int
    var isBusy = false

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        stride = width * 4
        pixels = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 16)
        pixels.initializeMemory(as: UInt8.self, repeating: 0, count: stride * height)
    }

    deinit { pixels.deallocate() }

    func pixel(_ x: Int, _ y: Int) -> UInt32 {
        pixels.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
    }
}

/// A DRM-like consumer: the presented buffer is waiting for its flip, then on screen until the
/// next flip (KMSDisplay's `pendingBuffer` and `shownBuffer`).
final class FlipConsumer {
    private(set) var shown: TestBuffer?
    private(set) var pending: TestBuffer?

    func present(_ buffer: TestBuffer) {
        pending = buffer
        buffer.isBusy = true
    }

    /// The flip event: the pending buffer is on screen, the one before is free.
    func flipped() {
        guard let pending else { return }
        if let shown, shown !== pending { shown.isBusy = false }
        shown = pending
        self.pending = nil
    }
}

/// Draws frames through a chain as every backend does: acquire, lend, draw `damage` in a colour
/// per frame (also into `reference`, the picture drawn whole), present when damage is not empty.
final class ChainDriver {
    let chain: SwapChain<TestBuffer>
    let width: Int
    let height: Int
    var reference: [UInt32]
    private(set) var made = 0
    private var frame: UInt32 = 0
    private var held: TestBuffer?

    init(width: Int, height: Int, capacity: Int = 3) {
        self.width = width
        self.height = height
        chain = SwapChain(capacity: capacity)
        reference = Array(repeating: 0, count: width * height)
    }

    /// Draws one frame; nil when every buffer was busy. Returns the buffer drawn into.
    func draw(_ damage: [Rect], repairFirst: Bool = true) -> TestBuffer? {
        var count = made
        guard
            let index = chain.acquire(
                width: width, height: height,
                make: { w, h in
                    count += 1
                    return TestBuffer(width: w, height: h)
                })
        else { return nil }
        made = count
        frame += 1
        let lent = chain.lend(index, scale: 1)
        let whole = [Rect(x: 0, y: 0, width: Double(width), height: Double(height))]
        let drawn = lent.holdsPreviousFrame ? damage : whole
        if repairFirst { lent.repair.repair(outside: drawn) }
        let colour = 0xFF00_0000 | frame
        for region in DamageHistory.wholePixels(covering: drawn, width: width, height: height) {
            lent.fill(
                x: region.x, y: region.y, width: region.width, height: region.height, argb: colour)
            for y in region.y..<(region.y + region.height) {
                for x in region.x..<(region.x + region.width) { reference[y * width + x] = colour }
            }
        }
        let presented = chain.damage(drawn, drawnInto: index)
        if !presented.isEmpty { chain.present(index, damage: presented) }
        return chain.buffers[index]
    }

    /// A consumer that keeps the shown buffer until the next one is shown (weston's pixman
    /// renderer): the newly shown buffer becomes busy, the one before is released.
    func holdShown() {
        guard let shown = chain.shownBuffer, shown !== held else { return }
        held?.isBusy = false
        shown.isBusy = true
        held = shown
    }

    /// Pixels of `buffer` that differ from the picture drawn whole.
    func wrongPixels(_ buffer: TestBuffer) -> Int {
        var wrong = 0
        for y in 0..<height {
            for x in 0..<width where buffer.pixel(x, y) != reference[y * width + x] { wrong += 1 }
        }
        return wrong
    }
}
