import KioskCore

/// The swap chain of every output (Wayland window, DRM display, memory): which buffer the next
/// frame is drawn into, what that buffer must be brought up to, and what each buffer misses.
///
/// The rule, in order: reuse the last shown buffer when its consumer let it go (it holds the last
/// frame: nothing to repair, one buffer less); else any free buffer; else make one, up to
/// `capacity` (only now is another output-sized buffer worth its memory); else wait (nil). The
/// lent buffer's `FrameRepair` copies from the last shown buffer what the chosen one misses
/// (`DamageHistory`: the damage of the frames drawn since it last held the newest frame, or all
/// of it when it never held a frame of this size), but only outside the new frame's damage.
///
/// A frame goes `acquire` → `lend` → the drawer draws → `damage(_:drawnInto:)` → `present`
/// (when there is something to show) → the backend hands the buffer to its consumer and
/// reports it busy until released. Buffers come from the backend (`make`) and are never
/// touched here except to repair them.
public final class SwapChain<Buffer: SwapBuffer> {
    public let capacity: Int
    /// Made so far, at most `capacity`; index = position (stable until `reset`).
    public private(set) var buffers: [Buffer] = []
    private var history: DamageHistory
    private var lastShown: Int?
    /// The repair of the buffer lent last, run by `present` when the drawer did not run it.
    private var lent: (index: Int, repair: FrameRepair)?
    public private(set) var width = 0
    public private(set) var height = 0
    /// Bytes copied from the last shown buffer by repairs so far (what reuse costs).
    public private(set) var bytesRepaired = 0

    public init(capacity: Int) {
        precondition(capacity >= 1)
        self.capacity = capacity
        history = DamageHistory(buffers: capacity)
    }

    /// Drops every buffer and what they held (new size or scale, buffers made anew, shutting
    /// down). A consumer still reading one keeps its own reference (wl_shm: its own mapping).
    public func reset() {
        buffers.removeAll()
        forgetContents()
    }

    /// Keeps the buffers but treats their contents as lost: the next frame is drawn whole (the
    /// display was plugged in again, the seat came back).
    public func forgetContents() {
        history.reset()
        lastShown = nil
        lent = nil
    }

    /// The buffer to draw the next `width`×`height` frame into (index into `buffers`), made
    /// with `make` when every existing one is busy; nil when all `capacity` are busy (draw when
    /// the backend reports one released). A new size resets the chain first.
    public func acquire<Failure: Error>(
        width: Int, height: Int, make: (_ width: Int, _ height: Int) throws(Failure) -> Buffer
    ) throws(Failure) -> Int? {
        if width != self.width || height != self.height {
            reset()
            self.width = width
            self.height = height
        }
        if let last = lastShown, !buffers[last].isBusy {
            // A consumer that copies at commit (a GL compositor uploading a wl_shm buffer, or
            // memory) gives the shown buffer back before the next frame: it holds the last frame,
            // so nothing is repaired and no second buffer is ever made. (Weston's pixman
            // renderer and a scanned-out DRM buffer keep it until the next one: they get two.)
            return last
        }
        if let free = buffers.indices.first(where: { !buffers[$0].isBusy }) { return free }
        guard buffers.count < capacity else { return nil }
        let made = try make(width, height)  // before `append`: `make` may look at `buffers`
        buffers.append(made)
        return buffers.count - 1
    }

    /// In idle time, when the only buffer is still held by its consumer: makes the second
    /// buffer, which the next frame would make, and copies the shown frame into it. That frame
    /// (typically the first of a tap's transition) then neither maps nor faults in a whole
    /// buffer nor repairs anything. Never makes a third buffer. Returns whether one was made.
    @discardableResult
    public func prepareSpare<Failure: Error>(
        make: (_ width: Int, _ height: Int) throws(Failure) -> Buffer
    ) throws(Failure) -> Bool {
        guard let last = lastShown, buffers.count == 1, capacity > 1, buffers[last].isBusy else {
            return false
        }
        let shown = buffers[last]
        let spare = try make(width, height)
        spare.pixels.copyMemory(from: shown.pixels, byteCount: shown.stride * height)
        buffers.append(spare)
        history.copiedNewest(into: buffers.count - 1)
        return true
    }

    /// Whether buffer `index` holds the last shown frame once its repair ran (false: nothing was
    /// shown at this size yet, the drawer must draw everything).
    public func holdsPreviousFrame(_ index: Int) -> Bool {
        lastShown != nil || !history.isFresh(index)
    }

    /// Buffer `index` lent to a drawer for one frame, with the repair that copies what it misses
    /// of the last shown frame (everything for a buffer new since then) from the last shown one.
    public func lend(_ index: Int, scale: Int) -> PixelBuffer {
        let buffer = buffers[index]
        let repair = repair(for: index)
        lent = (index, repair)
        return PixelBuffer(
            pixels: buffer.pixels, width: buffer.width, height: buffer.height,
            stride: buffer.stride, scale: scale,
            holdsPreviousFrame: holdsPreviousFrame(index), repair: repair)
    }

    /// What the frame drawn into `index` changed, as whole buffer pixels: the drawer's damage
    /// rounded outwards and clipped, or the whole buffer when the drawer could not rely on the
    /// previous frame (so the history never under-records a fresh buffer). Empty: nothing changed.
    public func damage(_ drawn: [Rect], drawnInto index: Int) -> [DamageHistory.Region] {
        guard holdsPreviousFrame(index) else { return [(0, 0, width, height)] }
        return DamageHistory.wholePixels(covering: drawn, width: width, height: height)
    }

    /// Records that buffer `index` is shown next with `damage`. First repairs it outside the
    /// damage when the drawer did not (right for a drawer that drew only inside its damage). Call
    /// before the consumer reads it; the backend then reports it busy until released.
    public func present(_ index: Int, damage: [DamageHistory.Region]) {
        let repair = lent.flatMap { $0.index == index ? $0.repair : nil } ?? repair(for: index)
        repair.repair(
            outside: damage.map {
                Rect(
                    x: Double($0.x), y: Double($0.y), width: Double($0.width),
                    height: Double($0.height))
            })
        lent = nil
        history.drew(index, damage: damage)
        lastShown = index
    }

    /// The buffer shown last (what a screen shows), if any.
    public var shownBuffer: Buffer? { lastShown.map { buffers[$0] } }

    private func repair(for index: Int) -> FrameRepair {
        guard let last = lastShown, last != index else { return .nothing() }
        let missing =
            history.isFresh(index) ? [(0, 0, width, height)] : history.missingRegions(index)
        return FrameRepair(
            target: buffers[index].pixels, source: UnsafeRawPointer(buffers[last].pixels),
            stride: buffers[index].stride,
            width: width, height: height, missing: missing
        ) { [weak self] bytes in self?.bytesRepaired += bytes }
    }
}
