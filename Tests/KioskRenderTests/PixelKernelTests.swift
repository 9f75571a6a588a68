// Ownership: each test allocates its scratch table and target rows itself and frees them before
// it returns; the mappers only borrow them.
import KioskCore
import Testing

@testable import KioskRender

/// The C column kernels (CPixelKernels) against the Swift column loop they replace: every store
/// (fresh, blended, OVER), modulation, clamping and run length, pixel for pixel.
@Suite("Pixel kernels")
struct PixelKernelTests {
    static let width = 97
    static let height = 61

    /// Premultiplied pixels of every kind: opaque, transparent and translucent, deterministic.
    static func pixels(_ seed: UInt32, count: Int, opaque: Bool) -> [UInt32] {
        var state = seed &* 2_654_435_761 | 1
        return (0..<count).map { _ in
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            let a: UInt32 = opaque ? 255 : [0, 255, 128, 255, 7][Int(state % 5)]
            func channel(_ shift: UInt32) -> UInt32 { ((state >> shift) & 0xFF) * a / 255 }
            return a << 24 | channel(8) << 16 | channel(16) << 8 | channel(24)
        }
    }

    /// A cube face at `degrees` over a `width` x `height` surface, as the compositor plans it.
    static func plan(degrees: Double, surfaceWidth: Int, surfaceHeight: Int) -> LayerPlan? {
        let size = Size(width: Double(width), height: Double(height))
        let t = CompositorFixtures.face(angle: degrees * pi / 180, width: size.width, height: size.height)
        let layer = SceneLayer(content: .panel("a"), size: size, transform: t, opacity: 1, dim: 0)
        let limit = PixelBox(x0: 0, y0: 0, x1: width, y1: height)
        return LayerPlan(layer: layer, surfaceWidth: surfaceWidth, surfaceHeight: surfaceHeight, limit: limit)
    }

    @Test(
        "every available C kernel stores exactly the Swift column loop's pixels",
        arguments: PixelKernel.allCases.filter { $0 != .swift && $0.isAvailable })
    func kernelMatchesSwiftLoop(kernel: PixelKernel) throws {
        var checkedRuns = 0
        for (surfaceWidth, surfaceHeight) in [(Self.width, Self.height), (40, 1), (53, 17)] {
            for opaque in [true, false] {
                let count = surfaceWidth * surfaceHeight
                let surface = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
                defer { surface.deallocate() }
                surface.initialize(from: Self.pixels(UInt32(count), count: count, opaque: opaque), count: count)
                let source = BilinearSource(
                    base: surface, width: surfaceWidth, height: surfaceHeight, stridePixels: surfaceWidth)
                for degrees in [-50.0, -20.0, 10.0, 35.0] {
                    guard let plan = Self.plan(degrees: degrees, surfaceWidth: surfaceWidth, surfaceHeight: surfaceHeight),
                        plan.kind == .columnProjective
                    else { continue }
                    checkedRuns += compareRuns(plan, source: source, opaque: opaque, kernel: kernel)
                }
            }
        }
        #expect(checkedRuns > 1000)
    }

    /// Every row of `plan`'s box, runs of several lengths and offsets (inside and beyond the
    /// surface, so both the clamped and the unclamped loops run), each store and multiplier.
    private func compareRuns(_ plan: LayerPlan, source: BilinearSource, opaque: Bool, kernel: PixelKernel) -> Int {
        let box = plan.box
        let columns = box.x1 - box.x0
        let scratch = UnsafeMutableRawPointer.allocate(byteCount: (columns + 1) * ColumnMapper.bytesPerColumn, alignment: 16)
        defer { scratch.deallocate() }
        let rowLength = Self.width + 8
        let expected = UnsafeMutablePointer<UInt32>.allocate(capacity: rowLength)
        let actual = UnsafeMutablePointer<UInt32>.allocate(capacity: rowLength)
        defer {
            expected.deallocate()
            actual.deallocate()
        }
        var runs = 0
        var swift = ColumnMapper(
            plan.inverse, x0: box.x0, x1: box.x1, scratch: scratch, source: source, opaqueSource: opaque,
            kernel: .swift)
        var c = ColumnMapper(
            plan.inverse, x0: box.x0, x1: box.x1, scratch: scratch, source: source, opaqueSource: opaque,
            kernel: kernel)
        guard swift.fast else { return 0 }
        for y in box.y0..<box.y1 {
            swift.startRow(y)
            c.startRow(y)
            let inner = SpanRasteriser.interior(plan, y: y)
            for (lo, hi) in [(box.x0, box.x1), (inner.lowerBound, inner.upperBound), (box.x0 + 1, box.x0 + 8)]
            where lo < hi {
                for (colour, alpha) in [(256, 256), (200, 256), (130, 160), (0, 256)] as [(UInt64, UInt64)] {
                    for fresh in [true, false] {
                        let background = Self.pixels(UInt32(y &* 31 &+ lo), count: rowLength, opaque: false)
                        for i in 0..<rowLength {
                            expected[i] = fresh ? 0 : background[i]
                            actual[i] = expected[i]
                        }
                        _ = swift.drawInterior(expected, from: lo, to: hi, colour: colour, alpha: alpha, fresh: fresh)
                        _ = c.drawInterior(actual, from: lo, to: hi, colour: colour, alpha: alpha, fresh: fresh)
                        let same = (0..<rowLength).allSatisfy { expected[$0] == actual[$0] }
                        #expect(same, "\(kernel) row \(y) \(lo)..<\(hi) colour \(colour) alpha \(alpha) fresh \(fresh)")
                        if !same { return runs }
                        runs += 1
                    }
                }
            }
        }
        return runs
    }

    @Test(
        "a whole cube frame, dimmed, translucent and with transparent parts, is the same with every kernel",
        arguments: PixelKernel.allCases.filter { $0 != .swift && $0.isAvailable })
    func composedFrameIsTheSame(kernel: PixelKernel) throws {
        let size = Size(width: Double(Self.width), height: Double(Self.height))
        let count = Self.width * Self.height
        let opaque = try CompositorFixtures.surface(width: Self.width, height: Self.height) { x, y in
            Self.pixels(UInt32(x &* 131 &+ y), count: 1, opaque: true)[0]
        }
        let holey = try CompositorFixtures.surface(width: Self.width, height: Self.height) { x, y in
            Self.pixels(UInt32(x &* 17 &+ y &* 7), count: 1, opaque: false)[0]
        }
        for (opacity, dim) in [(1.0, 0.0), (1.0, 0.4), (0.6, 0.2)] {
            let t = 0.5
            let layers = [
                SceneLayer(content: .panel("a"), size: size, transform: CompositorFixtures.face(angle: -t, width: size.width, height: size.height), opacity: opacity, dim: dim),
                SceneLayer(content: .panel("b"), size: size, transform: CompositorFixtures.face(angle: pi / 2 - t, width: size.width, height: size.height), opacity: opacity, dim: dim),
            ]
            let scene = Scene(outputSize: size, background: RGBA(red: 0.2, green: 0.3, blue: 0.4), layers: layers, isAnimating: true)
            var frames: [[UInt32]] = []
            for k in [PixelKernel.swift, kernel] {
                let compositor = LayerCompositor()
                compositor.kernel = k
                let target = try ImageBuffer(width: Self.width, height: Self.height)
                compositor.compose(scene: scene, surfaces: { $0 == .panel("a") ? opaque : holey }, into: target)
                frames.append(CompositorFixtures.pixels(target))
            }
            #expect(frames[0].count == count && frames[0] == frames[1], "\(kernel) opacity \(opacity) dim \(dim)")
        }
    }

    @Test("the best kernel is available, and the Swift loop always is")
    func bestIsAvailable() {
        #expect(PixelKernel.best.isAvailable)
        #expect(PixelKernel.swift.isAvailable && PixelKernel.portable.isAvailable)
        #expect(MemoryLayout<ColumnEntry>.stride == 48 && MemoryLayout<ColumnEntry>.offset(of: \ColumnEntry.weights) == 32)
    }
}
