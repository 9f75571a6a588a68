import KioskCore
import Testing

@testable import KioskRender

/// The numbers `bench` prints beside its thread ratio: whether the workers share the frame, and
/// what two threads of this machine get done at once.
@Suite("Parallelism")
struct ParallelismProbeTests {
    @Test("every stripe of a frame is counted once, whichever thread drew it")
    func stripeCountsCoverTheFrame() throws {
        let size = Size(width: 200, height: 250)
        let surface = try CompositorFixtures.checkerboard(width: 200, height: 250, cell: 10)
        let layer = SceneLayer(
            content: .panel("a"), size: size,
            transform: CompositorFixtures.face(angle: 0.4, width: 200, height: 250),
            opacity: 1, dim: 0)
        let scene = Scene(outputSize: size, background: .black, layers: [layer], isAnimating: true)
        let target = try ImageBuffer(width: 200, height: 250)
        for threads in [1, 2, 3] {
            let compositor = LayerCompositor(threads: threads)
            compositor.resetStripeCounts()
            for _ in 0..<5 {
                compositor.compose(scene: scene, surfaces: { _ in surface }, into: target)
            }
            let counts = compositor.stripeCounts
            let stripes = (250 + LayerCompositor.bandRows - 1) / LayerCompositor.bandRows
            #expect(counts.count == threads)
            #expect(counts.reduce(0, +) == 5 * stripes, "\(threads) threads: \(counts)")
            compositor.resetStripeCounts()
            #expect(compositor.stripeCounts.allSatisfy { $0 == 0 })
        }
    }

    @Test("the machine probe times both workloads alone and together")
    func probeMeasuresBothWorkloads() {
        let r = ParallelismProbe.measure(repetitions: 1, memoryBytes: 1 << 20)
        for v in [r.computeAlone, r.computeTogether, r.memoryAlone, r.memoryTogether] {
            #expect(v.isFinite && v > 0)
        }
        // The ratios are what bench prints: together over alone. Their size is the machine's and
        // its load's (a busy CI host can make either run slow), so it is not asserted here.
        #expect(r.computeRatio == r.computeTogether / r.computeAlone)
        #expect(r.memoryRatio == r.memoryTogether / r.memoryAlone)
    }
}
