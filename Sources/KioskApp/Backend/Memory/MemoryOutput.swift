#if canImport(Glibc)
import Glibc
#endif
import KioskCore
import KioskRender
import KioskWayland

/// An output in memory, for `bench`: a swap chain of `capacity` image buffers with the same
/// rule as the Wayland one (`DamageHistory`: a reused buffer is brought up to the last frame by
/// copying what it misses outside the new frame's damage, `FrameRepair`, so only the damage is
/// redrawn), and frames drawn when `drawFrame` is called instead of when a compositor is ready.
final class MemoryOutput: OutputBackend {
    private var buffers: [ImageBuffer] = []
    private var history: DamageHistory
    private var lastShown: Int?
    private let capacity: Int
    private let scale: Int
    /// Bytes copied from the last shown buffer by repairs so far (what the swap chain costs).
    private(set) var bytesRepaired = 0
    var onConfigure: ((Size, Int) -> Void)?
    var onDraw: ((OutputFrame, Double) -> [Rect])?
    var onFrameFinished: (() -> Void)?
    var onLost: ((String) -> Void)?
    var onCloseRequested: (() -> Void)?

    /// An output of `width`×`height` output pixels (native orientation).
    init(width: Int, height: Int, scale: Int = 1, capacity: Int = 3) throws(RenderError) {
        self.capacity = max(2, capacity)
        self.scale = scale
        history = DamageHistory(buffers: self.capacity)
        for _ in 0..<self.capacity {
            let buffer = try ImageBuffer(width: width, height: height)
            // Touched now, as the Wayland swap chain readies its spare buffer in idle time
            // (`SwapChain.prepareSpare`): a measured frame never pays for faulting in fresh memory.
            memset(buffer.pixels, 0, buffer.stride * height)
            buffers.append(buffer)
        }
    }

    var width: Int { buffers[0].width }
    var height: Int { buffers[0].height }

    /// Reports the size, as a compositor's first configure would.
    func configure() {
        onConfigure?(Size(width: Double(width / scale), height: Double(height / scale)), scale)
    }

    func setNeedsFrame() {}
    var statisticsSummary: String? { nil }
    func shutDown() { buffers.removeAll() }

    /// Draws one frame at `time` into the next buffer of the chain; returns the damage.
    @discardableResult
    func drawFrame(at time: Double) -> [Rect] {
        let index = ((lastShown ?? -1) + 1) % capacity
        let buffer = buffers[index]
        let holds = lastShown != nil || !history.isFresh(index)
        let frame = OutputFrame(image: buffer, scale: scale, holdsPreviousFrame: holds, repair: repair(for: index))
        let damage = onDraw?(frame, time) ?? []
        frame.repair(outside: damage)
        history.drew(index, damage: damage.map { DamageHistory.pixelRegion($0, width: width, height: height) })
        lastShown = index
        onFrameFinished?()
        return damage
    }

    /// The buffer last drawn (what a screen would show).
    var shownImage: ImageBuffer? { lastShown.map { buffers[$0] } }

    private func repair(for index: Int) -> FrameRepair {
        FrameRepair.chain(
            buffer: index, lastShown: lastShown, history: history, pixels: { self.buffers[$0].pixels },
            stride: buffers[index].stride, width: width, height: height
        ) { [weak self] bytes in self?.bytesRepaired += bytes }
    }
}
