import KioskCore

/// Brings a reused buffer up to the previous frame, but only where the new frame does not draw.
///
/// A swap chain lends a buffer that misses some regions of the previous frame (`DamageHistory`).
/// Copying them all before drawing wastes the copy wherever the new frame redraws anyway (an
/// animation damages everything: a whole-frame copy overwritten at once). So the drawer learns
/// its damage first and calls `repair(outside:)`, which copies only the missing regions that the
/// damage does not cover. The chain calls `repair(outside:)` with the frame's damage after
/// drawing when the drawer did not (correct for a drawer that draws only inside its damage).
///
/// Ownership: `target` and `source` point into buffers the backend owns; valid only during the
/// draw call that received the repair. Nothing is retained or freed here.
public final class FrameRepair {
    private let target: UnsafeMutableRawPointer?
    private let source: UnsafeRawPointer?
    private let stride: Int
    private let width: Int
    private let height: Int
    private let missing: [DamageHistory.Region]
    private let onCopied: ((Int) -> Void)?
    /// True once the repair ran (it runs at most once).
    public private(set) var isDone = false

    /// A repair copying `missing` (output-pixel regions, clipped to `width`×`height`) from
    /// `source` into `target`, both `stride` bytes per row of 4-byte pixels. `onCopied` learns
    /// the bytes copied (statistics, tests).
    public init(
        target: UnsafeMutableRawPointer, source: UnsafeRawPointer, stride: Int, width: Int,
        height: Int,
        missing: [DamageHistory.Region], onCopied: ((Int) -> Void)? = nil
    ) {
        self.target = target
        self.source = source
        self.stride = stride
        self.width = width
        self.height = height
        self.missing = missing
        self.onCopied = onCopied
    }

    private init() {
        target = nil
        source = nil
        stride = 0
        width = 0
        height = 0
        missing = []
        onCopied = nil
    }

    /// Nothing to repair: the buffer holds the previous frame, or must be drawn whole.
    public static func nothing() -> FrameRepair { FrameRepair() }

    /// Copies the missing regions outside `damage` (output pixels; only whole pixels inside it
    /// count as covered). A second call does nothing. Returns the bytes copied.
    @discardableResult
    public func repair(outside damage: [Rect]) -> Int {
        guard !isDone else { return 0 }
        isDone = true
        guard let target, let source, !missing.isEmpty else { return 0 }
        let regions = DamageHistory.subtract(DamageHistory.pixelsInside(damage), from: missing)
        var copied = 0
        for region in regions {
            let x0 = max(0, region.x), y0 = max(0, region.y)
            let x1 = min(width, region.x + region.width), y1 = min(height, region.y + region.height)
            guard x1 > x0, y1 > y0 else { continue }
            let bytes = (x1 - x0) * 4
            for row in y0..<y1 {
                let offset = row * stride + x0 * 4
                (target + offset).copyMemory(from: source + offset, byteCount: bytes)
            }
            copied += bytes * (y1 - y0)
        }
        onCopied?(copied)
        return copied
    }
}
