import CWayland
import Glibc

/// Up to `capacity` buffers of one size, handed out only when the compositor has released them,
/// with their contents brought up to the last shown frame before the app draws (`DamageHistory`).
final class SwapChain {
    let capacity: Int
    private(set) var buffers: [ShmBuffer] = []
    private var history: DamageHistory
    private var lastShown: Int?
    private(set) var width = 0
    private(set) var height = 0

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

    /// A free buffer of the given size holding the previous frame where possible, or nil when all
    /// buffers are busy (wait for a release).
    func acquire(shm: OpaquePointer, width: Int, height: Int) throws(WaylandError) -> (index: Int, buffer: ShmBuffer)? {
        if width != self.width || height != self.height {
            reset()
            self.width = width
            self.height = height
        }
        let index: Int
        if let free = buffers.indices.first(where: { !buffers[$0].isBusy && $0 != lastShown }) {
            index = free
        } else if buffers.count < capacity {
            buffers.append(try ShmBuffer(shm: shm, width: width, height: height))
            index = buffers.count - 1
        } else if let last = lastShown, !buffers[last].isBusy {
            // The compositor released the shown buffer (it copied it): drawing into it is fine.
            index = last
        } else {
            return nil
        }
        let buffer = buffers[index]
        if let last = lastShown, last != index, !history.isFresh(index) {
            copyMissing(into: index, from: last)
        } else if let last = lastShown, last != index, history.isFresh(index) {
            copyAll(into: buffer, from: buffers[last])
            history.drew(index, damage: [])
        }
        return (index, buffer)
    }

    /// Whether the buffer's content equals the last shown frame (false: app must draw all).
    func holdsPreviousFrame(_ index: Int) -> Bool {
        !history.isFresh(index)
    }

    /// Records that `index` was attached and committed with `damage`.
    func presented(_ index: Int, damage: [DamageHistory.Region]) {
        history.drew(index, damage: damage)
        lastShown = index
        buffers[index].isBusy = true
    }

    private func copyMissing(into index: Int, from source: Int) {
        let target = buffers[index]
        let origin = buffers[source]
        for region in history.missingRegions(index) {
            let x0 = max(0, region.x)
            let y0 = max(0, region.y)
            let x1 = min(width, region.x + region.width)
            let y1 = min(height, region.y + region.height)
            guard x1 > x0, y1 > y0 else { continue }
            for row in y0..<y1 {
                let offset = row * target.stride + x0 * 4
                memcpy(target.pixels + offset, origin.pixels + offset, (x1 - x0) * 4)
            }
        }
    }

    private func copyAll(into target: ShmBuffer, from origin: ShmBuffer) {
        memcpy(target.pixels, origin.pixels, target.stride * target.height)
    }
}
