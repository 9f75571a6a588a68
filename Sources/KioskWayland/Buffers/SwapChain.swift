import CWayland
import Glibc

/// Up to `capacity` buffers of one size, handed out only when the compositor has released them,
/// made only when every existing one is busy (the released last shown buffer is reused first), with
/// a `FrameRepair` that brings their contents up to the last shown frame where the new
/// frame does not draw (`DamageHistory`).
final class SwapChain {
    let capacity: Int
    private(set) var buffers: [ShmBuffer] = []
    private var history: DamageHistory
    private var lastShown: Int?
    private(set) var width = 0
    private(set) var height = 0
    /// Bytes copied from the last shown buffer by repairs so far.
    private(set) var bytesRepaired = 0

    init(capacity: Int = 3) {
        precondition(capacity >= 2)
        self.capacity = capacity
        history = DamageHistory(buffers: capacity)
    }

    /// Drops every buffer (size or scale changed, or shutting down). Buffers the compositor still
    /// holds may be destroyed: for wl_shm the compositor keeps its own mapping.
    func reset() {
        buffers.removeAll()
        history.reset()
        lastShown = nil
    }

    /// A free buffer of the given size, or nil when all buffers are busy (wait for a release).
    /// Its content is brought up to the previous frame by `repair(for:)`, not here.
    func acquire(shm: OpaquePointer, width: Int, height: Int) throws(WaylandError) -> (index: Int, buffer: ShmBuffer)? {
        if width != self.width || height != self.height {
            reset()
            self.width = width
            self.height = height
        }
        let index: Int
        if let last = lastShown, !buffers[last].isBusy {
            // The compositor released the shown buffer: one that copies a wl_shm buffer at commit
            // (a GL renderer uploading it to a texture) releases it before the frame callback.
            // Drawing into it needs no repair (it holds the last frame) and no second buffer:
            // one output-sized buffer (8 MB at 1080p) less for as long as the kiosk runs. (Weston
            // and wlroots' pixman renderer, which read the buffer until the next commit, get two.)
            index = last
        } else if let free = buffers.indices.first(where: { !buffers[$0].isBusy }) {
            index = free
        } else if buffers.count < capacity {
            // Every buffer is with the compositor (weston keeps the shown one until the next
            // commit): only now is another one worth its memory.
            buffers.append(try ShmBuffer(shm: shm, width: width, height: height))
            index = buffers.count - 1
        } else {
            return nil
        }
        return (index, buffers[index])
    }

    /// In idle time, when the only buffer is still held by the compositor (weston, and wlroots
    /// with its pixman renderer, read a wl_shm buffer until the next commit replaces it): makes
    /// the second buffer, which the next frame would make, and copies the shown frame into it.
    /// That frame (typically the first of a tap's transition or a drag) then neither maps nor
    /// faults in 8 MB (1080p) nor repairs anything. Never makes a third buffer. Returns whether
    /// a buffer was made.
    @discardableResult
    func prepareSpare(shm: OpaquePointer) throws(WaylandError) -> Bool {
        guard let last = lastShown, buffers.count == 1, buffers[last].isBusy else { return false }
        let shown = buffers[last]
        let spare = try ShmBuffer(shm: shm, width: width, height: height)
        spare.pixels.copyMemory(from: shown.pixels, byteCount: shown.stride * height)
        buffers.append(spare)
        history.copiedNewest(into: buffers.count - 1)
        return true
    }

    /// Whether the buffer holds the last shown frame once `repair(for:)` ran (false: nothing was
    /// shown at this size yet, the app must draw everything).
    func holdsPreviousFrame(_ index: Int) -> Bool {
        lastShown != nil || !history.isFresh(index)
    }

    /// The repair that copies what `index` misses of the last shown frame (everything for a
    /// buffer new since then) from the last shown buffer.
    func repair(for index: Int) -> FrameRepair {
        FrameRepair.chain(
            buffer: index, lastShown: lastShown, history: history, pixels: { self.buffers[$0].pixels },
            stride: buffers[index].stride, width: width, height: height
        ) { [weak self] bytes in self?.bytesRepaired += bytes }
    }

    /// Records that `index` was attached and committed with `damage`.
    func presented(_ index: Int, damage: [DamageHistory.Region]) {
        history.drew(index, damage: damage)
        lastShown = index
        buffers[index].isBusy = true
    }
}
