// Ownership: a PairLayout owns its memory (64-byte aligned, freed in deinit); `layout.base`
// points into it. It is attached to the ImageBuffer it was built from (`ImageBuffer.pairLayout`)
// and dropped when that buffer's pixels change (updated in place instead where a small region is
// redrawn: `update(from:in:)`) or the page stops turning.
import CPixelKernels

#if canImport(Glibc)
    import Glibc
#endif

/// A page stored for turning: column pairs, column-major (`CPixelKernels.h`). The cube's column
/// loop reads a screen column of a face as one contiguous stream, one 16-byte load per pixel
/// holding all four bilinear taps. About twice the page's memory (16.6 MB for a 1920x1080 page);
/// built off the frame path for pages that turn (`PageSurfaceCache.prepareTurning`).
///
/// The readable minified faces to come (half- and quarter-size prefiltered copies) are layouts
/// of the smaller images: the same type, and the same run tables computed from the layer's plan
/// for that size, so the loops read every level alike.
public final class PairLayout {
    let layout: ks_pair_layout
    private let memory: UnsafeMutableRawPointer
    /// Bytes held.
    public let bytes: Int

    /// The layout of `buffer`'s pixels as they are now; nil when it cannot have one (narrower
    /// than two pixels, or beyond the 32-bit offsets of the run tables).
    ///
    /// `yielding`: built a slice of columns at a time, giving the processor away between slices
    /// (`TurningLayoutBuilder`'s thread: where the service's system-call filter refuses it an idle
    /// priority, a one-core panel's loop still gets the core within half a millisecond).
    public init?(of buffer: ImageBuffer, yielding: Bool = false) {
        let width = Int32(buffer.width), height = Int32(buffer.height)
        let bytes = ks_pair_layout_bytes(width, height)
        guard bytes > 0 else { return nil }
        self.bytes = bytes
        memory = PairLayout.allocate(bytes)
        let pixels = buffer.pixels.assumingMemoryBound(to: UInt32.self)
        let pairs = Int(width) - 1, step = bytes / pairs
        var made = ks_pair_layout()
        // Pair columns c0..<c0 + n are the layout of the image's columns c0...c0 + n, stored
        // where the whole layout keeps them: the same bytes as one build of the whole page.
        let slice = yielding ? PairLayout.columnsPerSlice : pairs
        for c0 in stride(from: 0, to: pairs, by: slice) {
            let n = min(slice, pairs - c0)
            ks_pair_layout_build(
                pixels + c0, Int32(n + 1), height, Int32(buffer.stride),
                memory.assumingMemoryBound(to: UInt8.self) + c0 * step, &made)
            if yielding { sched_yield() }
        }
        layout = ks_pair_layout(
            base: memory.assumingMemoryBound(to: UInt8.self), column_bytes: Int32(step),
            width: width, height: height)
    }

    /// Brings the layout up to date after `buffer` (the buffer it was built from) changed inside
    /// `box`: only the entries that hold those pixels are written again (`ks_pair_layout_update`).
    func update(from buffer: ImageBuffer, in box: PixelBox) {
        guard buffer.width == Int(layout.width), buffer.height == Int(layout.height) else { return }
        var described = layout
        ks_pair_layout_update(
            buffer.pixels.assumingMemoryBound(to: UInt32.self), Int32(buffer.stride),
            memory.assumingMemoryBound(to: UInt8.self), &described, Int32(clamping: box.x0),
            Int32(clamping: box.y0), Int32(clamping: box.x1), Int32(clamping: box.y1))
    }

    /// True when both hold the same bytes (tests: a layout updated in place against one built
    /// afresh).
    func sameBytes(as other: PairLayout) -> Bool {
        bytes == other.bytes && memcmp(memory, other.memory, bytes) == 0
    }

    /// Pair columns built between two yields: about half a millisecond of work at 1080p.
    static let columnsPerSlice = 128

    deinit { free(memory) }

    /// 2 MB-aligned memory the kernel may back with huge pages: a tile reads sixteen pair
    /// columns 8.7 kB apart and the frame writes a new row every block, so with 4 kB pages
    /// nearly every block missed the TLB.
    private static func allocate(_ bytes: Int) -> UnsafeMutableRawPointer {
        let huge = 2 << 20
        var p: UnsafeMutableRawPointer?
        guard posix_memalign(&p, huge, (bytes + huge - 1) & ~(huge - 1)) == 0, let p else {
            preconditionFailure("out of memory for a page's layout (\(bytes) bytes)")
        }
        _ = madvise(p, (bytes + huge - 1) & ~(huge - 1), MADV_HUGEPAGE)
        return p
    }

    var width: Int { Int(layout.width) }
    var height: Int { Int(layout.height) }
    /// Bytes from one pair column to the next.
    var columnBytes: Int { Int(layout.column_bytes) }
}

/// The instruction-set tier of the pair kernels (`LayerCompositor.pairTier`). Every tier draws
/// the same pixels; tests force each one the machine has.
public enum PairTier: Int32, CaseIterable, Sendable, CustomStringConvertible {
    /// Plain C, the reference every other tier is compared with.
    case scalar = 0
    case sse2 = 1
    case ssse3 = 2
    case avx2 = 3
    case neon = 4

    /// True when this CPU (and this build) runs the tier.
    public var isSupported: Bool { ks_tier_supported(rawValue) != 0 }

    /// The fastest supported tier.
    public static var best: PairTier { PairTier(rawValue: ks_best_tier()) ?? .scalar }

    /// The tier `KIOSK_PAIR_KERNELS` names (`scalar`, `sse2`, `ssse3`, `avx2`, `neon`, or `best`)
    /// when this machine runs it; nil otherwise (also for `off`), and when it is not set: a
    /// compositor made by a library user or a test draws from the row-major pages unless told.
    public static var fromEnvironment: PairTier? {
        guard let raw = getenv("KIOSK_PAIR_KERNELS") else { return nil }
        let name = String(cString: raw).lowercased()
        if name == "best" { return best }
        return allCases.first { $0.description.lowercased() == name && $0.isSupported }
    }

    /// What `run` turns the cube with: the tier `KIOSK_PAIR_KERNELS` names when it is set (`off`
    /// or an unknown name: the row-major loop), else the best tier if it beats the row-major
    /// loop (`beatsRowMajorLoop`) on a panel with at least `minimumMemory` of RAM, and the
    /// row-major loop otherwise. The layouts of the two turning faces and their copies take
    /// about 8.5 output frames while the cube turns (71 MB at 1080p), for about 20 % less CPU
    /// per frame of a turn (docs/performance.md); a 512 MB board keeps that memory.
    public static func forRun(memoryBytes: Int?) -> PairTier? {
        if getenv("KIOSK_PAIR_KERNELS") != nil { return fromEnvironment }
        guard let memoryBytes, memoryBytes >= minimumMemory, best.beatsRowMajorLoop else {
            return nil
        }
        return best
    }

    /// True for the tiers measured faster than the row-major loop (docs/performance.md, stops
    /// 42 to 45): AVX2 (0.35 × the instructions of a 30° frame on one core, about 0.6 × the
    /// time), SSSE3 (0.55 ×, 0.6–0.75 × the time) and NEON (0.59 × the instructions). SSE2 took
    /// 0.76 × the instructions and 0.7–0.9 × the time at stop 45: for that little, a CPU whose
    /// best tier is SSE2 (old, and likely short of memory) keeps the loop and the memory,
    /// unless `KIOSK_PAIR_KERNELS` asks.
    public var beatsRowMajorLoop: Bool { self == .avx2 || self == .ssse3 || self == .neon }

    /// "A 1 GB board": what such boards report after the firmware's and the kernel's share.
    public static let minimumMemory = 768 << 20

    /// The machine's RAM (`_SC_PHYS_PAGES` pages); nil when it does not say.
    public static var physicalMemory: Int? {
        let pages = sysconf(Int32(_SC_PHYS_PAGES)), size = sysconf(Int32(_SC_PAGESIZE))
        return pages > 0 && size > 0 ? pages * size : nil
    }

    /// The supported tiers, slowest first.
    public static var supported: [PairTier] { allCases.filter(\.isSupported) }

    public var description: String {
        switch self {
        case .scalar: "scalar"
        case .sse2: "SSE2"
        case .ssse3: "SSSE3"
        case .avx2: "AVX2"
        case .neon: "NEON"
        }
    }
}
