import Glibc
import KioskCore
import KioskRender

extension BenchCommand {
    /// The same frame with the column loop on the pages' row-major pixels (the loop before the
    /// pair layout) and with each pair-kernel tier this machine runs, one after the other in
    /// this run (each beside the memcpy in the report); returns a line with the layout's memory
    /// and what storing one page costs.
    static func measureTiers(
        _ k: BenchKiosk, label: String, measure: (String, () -> Void) -> Void
    ) -> [String] {
        let compositor = k.pipeline.renderer.compositor, cache = k.pipeline.renderer.surfaces
        let chosen = compositor.pairTier
        defer { compositor.pairTier = chosen }
        compositor.pairTier = nil
        measure("\(label), row-major loop (before)") { k.frame() }
        for tier in PairTier.supported {
            // The row-major loop's frames drop the layouts: each tier's are built first.
            compositor.pairTier = tier
            k.awaitTurningLayouts()
            measure("\(label), pair layout \(tier)") { k.frame() }
        }
        let mb = { (bytes: Int) in BenchmarkReport.format(Double(bytes) / 1_000_000, 1) }
        var line =
            "pair layout: \(mb(cache.turningBytes)) MB for the turning faces beside \(mb(cache.memoryBytes)) MB of page surfaces; tiers here: \(PairTier.supported.map(\.description).joined(separator: ", ")); `run` uses \(PairTier.forRun(memoryBytes: PairTier.physicalMemory).map { "\($0)" } ?? "the row-major loop") here (KIOSK_PAIR_KERNELS)"
        if let content = k.scene.layers.first?.content, let page = cache.surface(for: content) {
            let start = monotonicSeconds()
            if PairLayout(of: page) != nil {
                let ms = (monotonicSeconds() - start) * 1000
                line +=
                    "; storing one \(page.width)x\(page.height) page took \(BenchmarkReport.format(ms, 2)) ms"
            }
        }
        return [line]
    }

    private static func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
