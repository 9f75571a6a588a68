import KioskCore
import KioskRender
import Testing

@testable import KioskApp

/// The in-memory output draws through the runtime's swap chain, which repairs reused buffers only
/// outside each frame's damage: the shown pixels must equal a frame drawn whole, whatever mix of
/// partial and full damage came before.
@Suite("MemoryOutput repair")
struct MemoryOutputRepairTests {
    private static let width = 48, height = 32

    /// Frame `n`'s colour of pixel (x, y) where frame `n` drew it.
    private static func colour(_ n: Int, _ x: Int, _ y: Int) -> UInt32 {
        0xFF00_0000 | UInt32(truncatingIfNeeded: n &* 7919 &+ x &* 31 &+ y &* 131) & 0x00FF_FFFF
    }

    /// Damage per frame: nil is the whole frame (an animation), otherwise a few rectangles,
    /// some overlapping, some on the edges, some repeated across frames.
    private static let damages: [[Rect]?] = [
        nil, [Rect(x: 2, y: 3, width: 10, height: 5)], [Rect(x: 30, y: 20, width: 18, height: 12)],
        nil, [Rect(x: 0, y: 0, width: 4, height: 32), Rect(x: 20, y: 10, width: 8, height: 8)],
        [Rect(x: 5, y: 5, width: 30, height: 2)], nil, nil,
        [Rect(x: 44, y: 0, width: 4, height: 4)],
        [Rect(x: 10, y: 10, width: 20, height: 20)], [Rect(x: 12, y: 12, width: 3, height: 3)],
        [], [Rect(x: 1, y: 30, width: 46, height: 2)], nil, [Rect(x: 0, y: 0, width: 1, height: 1)]
    ]

    /// Runs the sequence through an output of `capacity` buffers for `consumer`; after each frame the shown
    /// image must equal the reference drawn whole. `repairs` says whether the drawer calls
    /// `repair(outside:)` itself (else the output repairs after the draw). Returns the bytes
    /// repaired by each frame.
    private func run(
        capacity: Int, repairs: Bool, consumer: MemoryOutput.Consumer = .holdsShown
    ) throws -> (repaired: [Int], buffers: Int) {
        let output = try MemoryOutput(
            width: Self.width, height: Self.height, capacity: capacity, consumer: consumer)
        var reference = [UInt32](repeating: 0, count: Self.width * Self.height)
        var n = 0
        output.onDraw = { frame, _ in
            let whole = [Rect(x: 0, y: 0, width: Double(Self.width), height: Double(Self.height))]
            let damage = frame.holdsPreviousFrame ? (Self.damages[n] ?? whole) : whole
            if repairs { frame.repair(outside: damage) }
            let image = frame.image
            for rect in damage {
                for y in Int(rect.minY)..<Int(rect.maxY) {
                    for x in Int(rect.minX)..<Int(rect.maxX) {
                        image.pixels.storeBytes(
                            of: Self.colour(n, x, y), toByteOffset: y * image.stride + x * 4,
                            as: UInt32.self)
                        reference[y * Self.width + x] = Self.colour(n, x, y)
                    }
                }
            }
            image.markDirty()
            return damage
        }
        var repaired: [Int] = []
        for frame in Self.damages.indices {
            n = frame
            let before = output.bytesRepaired
            output.drawFrame(at: Double(frame))
            repaired.append(output.bytesRepaired - before)
            let shown = try #require(output.shownImage)
            var wrong = 0
            for y in 0..<Self.height {
                for x in 0..<Self.width
                where shown.pixel(x: x, y: y) != reference[y * Self.width + x] { wrong += 1 }
            }
            #expect(wrong == 0, "frame \(frame) with \(capacity) buffers: \(wrong) pixels differ")
        }
        return (repaired, output.bufferCount)
    }

    @Test(
        "partial and full damage interleaved, the shown buffer held, show the frame drawn whole",
        arguments: [2, 3])
    func sequence(capacity: Int) throws {
        let (repaired, buffers) = try run(capacity: capacity, repairs: true)
        // The shown buffer is held until the next is shown: two buffers alternate, never a third.
        #expect(buffers == 2)
        for (frame, damage) in Self.damages.enumerated() where damage == nil {
            #expect(
                repaired[frame] == 0, "full-damage frame \(frame) copied \(repaired[frame]) bytes")
        }
        // A partial frame after a full one must copy what the full frame drew outside its damage.
        #expect(repaired[1] > 0 && repaired[4] > 0)
    }

    @Test("a consumer that never holds a buffer gets one, reused with nothing repaired")
    func copiesAtOnce() throws {
        let (repaired, buffers) = try run(capacity: 3, repairs: true, consumer: .copiesAtOnce)
        #expect(buffers == 1)
        #expect(repaired.allSatisfy { $0 == 0 })
    }

    @Test("a drawer that never repairs still gets the missing regions outside its damage")
    func fallback() throws {
        _ = try run(capacity: 3, repairs: false)
    }

    @Test(
        "the runtime pipeline through a transition and settled frames shows what drawing everything shows"
    )
    func pipelineMatchesWhole() throws {
        _ = AppFixture.fonts
        let pages = BenchPages(directory: AppFixture.demoConfig, progress: { _ in })
        let kiosk = try BenchKiosk(
            configuration: pages.configuration, root: BenchPages.stack(.slide),
            size: Size(width: 160, height: 96))
        let start = kiosk.navigator.now + 1
        kiosk.navigator.advance(to: start)
        _ = kiosk.navigator.perform(.open(pages.faces[1]))
        let before = kiosk.output.bytesRepaired
        // Transition frames (full damage), then the settled page (partial or no damage).
        for step in 0..<30 {
            kiosk.navigator.advance(to: start + Double(step) * 0.02)
            kiosk.frame(whole: false)
            let shown = try #require(kiosk.output.shownImage)
            let whole = try kiosk.pipeline.renderer.render(kiosk.scene, now: kiosk.now)
            var wrong = 0
            for y in 0..<whole.height {
                for x in 0..<whole.width where shown.pixel(x: x, y: y) != whole.pixel(x: x, y: y) {
                    wrong += 1
                }
            }
            #expect(wrong == 0, "frame \(step): \(wrong) pixels differ from drawing everything")
        }
        #expect(kiosk.output.bytesRepaired >= before)
    }
}
