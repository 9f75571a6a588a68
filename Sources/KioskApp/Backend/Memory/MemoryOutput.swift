#if canImport(Glibc)
    import Glibc
#endif
import KioskCore
import KioskFrames
import KioskRender

/// An output in memory, for `bench` and tests: frames drawn when `drawFrame` is called instead
/// of when a compositor is ready, through the swap chain every output uses (`SwapChain`), so
/// what it repairs is what `run` repairs. Its consumer is chosen: `.copiesAtOnce` never holds a
/// buffer (like a GL compositor that uploads at commit: one buffer, reused); `.holdsShown`
/// keeps the shown buffer until the next is shown (weston's pixman renderer, a DRM display).
final class MemoryOutput: OutputBackend {
    enum Consumer { case copiesAtOnce, holdsShown }

    private let swapChain: SwapChain<MemoryBuffer>
    private let consumer: Consumer
    private let width: Int
    private let height: Int
    private let scale: Int
    var onConfigure: ((Size, Int) -> Void)?
    var onDraw: ((OutputFrame, Double) -> [Rect])?
    var onFrameFinished: (() -> Void)?
    var onLost: ((String) -> Void)?
    var onCloseRequested: (() -> Void)?

    /// An output of `width`×`height` output pixels (native orientation).
    init(
        width: Int, height: Int, scale: Int = 1, capacity: Int = 3, consumer: Consumer = .holdsShown
    ) throws(RenderError) {
        swapChain = SwapChain(capacity: max(2, capacity))
        self.consumer = consumer
        self.width = width
        self.height = height
        self.scale = scale
        // The first buffer now: a size that cannot be allocated fails here, not in a frame.
        _ = try swapChain.acquire(width: width, height: height, make: Self.makeBuffer)
    }

    private static func makeBuffer(width: Int, height: Int) throws(RenderError) -> MemoryBuffer {
        try MemoryBuffer(width: width, height: height)
    }

    /// Reports the size, as a compositor's first configure would.
    func configure() {
        onConfigure?(Size(width: Double(width / scale), height: Double(height / scale)), scale)
    }

    func setNeedsFrame() {}
    var statisticsSummary: String? { nil }
    func shutDown() { swapChain.reset() }

    /// Bytes copied from the last shown buffer by repairs so far (what the swap chain costs).
    var bytesRepaired: Int { swapChain.bytesRepaired }
    /// Buffers the chain made so far.
    var bufferCount: Int { swapChain.buffers.count }

    /// Draws one frame at `time` into the buffer the chain picks; returns the damage.
    @discardableResult
    func drawFrame(at time: Double) -> [Rect] {
        let acquired = try? swapChain.acquire(width: width, height: height, make: Self.makeBuffer)
        // Only a failed allocation gets here: the consumer lets a buffer go at every present.
        guard let index = acquired ?? nil else {
            onLost?("no memory for a \(width)x\(height) buffer")
            return []
        }
        let buffer = swapChain.buffers[index]
        let frame = OutputFrame(image: buffer.image, lent: swapChain.lend(index, scale: scale))
        let drawn = onDraw?(frame, time) ?? []
        let damage = swapChain.damage(drawn, drawnInto: index)
        if !damage.isEmpty {
            swapChain.present(index, damage: damage)
            if consumer == .holdsShown {
                for other in swapChain.buffers { other.isBusy = other === buffer }
            }
        }
        onFrameFinished?()
        return drawn
    }

    /// The buffer last shown (what a screen would show).
    var shownImage: ImageBuffer? { swapChain.shownBuffer?.image }
}

/// One buffer of `MemoryOutput`: an image, busy only while its consumer holds it.
private final class MemoryBuffer: SwapBuffer {
    let image: ImageBuffer
    var isBusy = false

    init(width: Int, height: Int) throws(RenderError) {
        image = try ImageBuffer(width: width, height: height)
        // Touched now, as a Wayland window readies its spare buffer in idle time
        // (`SwapChain.prepareSpare`): a measured frame never pays for faulting in fresh memory.
        memset(image.pixels, 0, image.stride * height)
    }

    var pixels: UnsafeMutableRawPointer { image.pixels }
    var width: Int { image.width }
    var height: Int { image.height }
    var stride: Int { image.stride }
}
