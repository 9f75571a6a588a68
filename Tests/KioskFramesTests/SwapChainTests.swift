import KioskCore
import Testing

@testable import KioskFrames

/// The one swap-chain rule every output uses, with the consumers the outputs have: memory (never
/// busy), a compositor that releases at once, weston (holds the shown buffer until the next
/// commit), a DRM display (pending flip, then on screen).
@Suite("SwapChain")
struct SwapChainTests {
    private static let full: [Rect] = [Rect(x: 0, y: 0, width: 16, height: 8)]
    private static let partials: [[Rect]] = [
        [Rect(x: 1, y: 1, width: 3, height: 2)], full, [Rect(x: 10, y: 4, width: 6, height: 4)],
        [Rect(x: 0.5, y: 0, width: 2, height: 8), Rect(x: 8, y: 2, width: 4, height: 4)], [],
        [Rect(x: 15, y: 7, width: 1, height: 1)], full, [Rect(x: 2, y: 2, width: 12, height: 4)]
    ]

    @Test(
        "a consumer that never holds a buffer (memory) gets one buffer, reused with nothing repaired"
    )
    func memorySingleBuffer() throws {
        let driver = ChainDriver(width: 16, height: 8)
        for damage in [Self.full] + Self.partials {
            let buffer = try #require(driver.draw(damage))
            #expect(driver.wrongPixels(buffer) == 0)
        }
        #expect(driver.chain.buffers.count == 1 && driver.made == 1)
        #expect(driver.chain.bytesRepaired == 0)
    }

    @Test("the last shown buffer is reused once released, even when another is free")
    func reusesLastShown() throws {
        let driver = ChainDriver(width: 16, height: 8)
        let first = try #require(driver.draw(Self.full))
        first.isBusy = true
        let second = try #require(driver.draw(Self.partials[0]))
        #expect(second !== first)
        first.isBusy = false
        second.isBusy = false
        // Both free: the shown one (second) holds the last frame and is taken, nothing copied.
        let repairedBefore = driver.chain.bytesRepaired
        let third = try #require(driver.draw(Self.partials[2]))
        #expect(third === second)
        #expect(driver.chain.bytesRepaired == repairedBefore)
        #expect(driver.wrongPixels(third) == 0)
    }

    @Test(
        "busy buffers are skipped; a new one is made only when all are busy, up to capacity, then nil"
    )
    func busySkipped() throws {
        let driver = ChainDriver(width: 16, height: 8, capacity: 3)
        var drawn: [TestBuffer] = []
        for damage in [Self.full, Self.partials[0], Self.partials[2]] {
            let buffer = try #require(driver.draw(damage))
            buffer.isBusy = true
            drawn.append(buffer)
        }
        #expect(driver.made == 3)
        #expect(Set(drawn.map(ObjectIdentifier.init)).count == 3)
        #expect(driver.draw(Self.partials[3]) == nil)
        // The middle one comes back: it is taken (not a fourth), and repaired up to the newest.
        drawn[1].isBusy = false
        let reused = try #require(driver.draw(Self.partials[3]))
        #expect(reused === drawn[1])
        #expect(driver.made == 3)
        #expect(driver.wrongPixels(reused) == 0)
    }

    @Test(
        "weston-like consumer (holds the shown buffer until the next commit) alternates two buffers"
    )
    func westonDoubleBuffer() throws {
        let driver = ChainDriver(width: 16, height: 8)
        for (n, damage) in ([Self.full] + Self.partials + Self.partials).enumerated() {
            let buffer = try #require(driver.draw(damage))
            #expect(driver.wrongPixels(buffer) == 0, "frame \(n)")
            driver.holdShown()
        }
        #expect(driver.made == 2)
        #expect(driver.chain.bytesRepaired > 0)
    }

    @Test(
        "DRM-like double buffer: nothing is lent while a flip is pending; the shown buffer is never drawn into"
    )
    func drmDoubleBuffer() throws {
        let driver = ChainDriver(width: 16, height: 8, capacity: 2)
        let display = FlipConsumer()
        for (n, damage) in ([Self.full] + Self.partials).enumerated() {
            let buffer = try #require(driver.draw(damage), "frame \(n)")
            #expect(buffer !== display.shown)
            #expect(driver.wrongPixels(buffer) == 0, "frame \(n)")
            guard driver.chain.shownBuffer === buffer, display.shown !== buffer else { continue }
            display.present(buffer)
            if display.shown != nil {
                // Shown + pending: both busy, the frame waits for the flip event.
                #expect(driver.draw(Self.partials[0]) == nil)
            }
            display.flipped()
        }
        #expect(driver.made == 2)
    }

    @Test("the repair copies what the buffer's age says it misses, only outside the new damage")
    func ageToRepair() throws {
        let driver = ChainDriver(width: 16, height: 8, capacity: 3)
        let a = try #require(driver.draw(Self.full))
        a.isBusy = true
        let b = try #require(driver.draw([Rect(x: 0, y: 0, width: 4, height: 1)]))  // b new: all of it missed
        #expect(driver.chain.bytesRepaired == (16 * 8 - 4) * 4)
        b.isBusy = true
        let c = try #require(driver.draw([Rect(x: 0, y: 4, width: 4, height: 1)]))
        c.isBusy = true
        a.isBusy = false
        // `a` is three frames old: it misses b's and c's damage, and the new frame draws
        // (0,0)-(2,1) over half of b's: 2 + 4 pixels copied.
        let before = driver.chain.bytesRepaired
        let again = try #require(driver.draw([Rect(x: 0, y: 0, width: 2, height: 1)]))
        #expect(again === a)
        #expect(driver.chain.bytesRepaired - before == (2 + 4) * 4)
        #expect(driver.wrongPixels(a) == 0)
    }

    @Test("a drawer that never repairs gets the missing regions copied at present")
    func repairAtPresent() throws {
        let driver = ChainDriver(width: 16, height: 8)
        for damage in [Self.full] + Self.partials {
            _ = try #require(driver.draw(damage, repairFirst: false))
            // A frame without damage is not presented (nor repaired): the shown buffer counts.
            #expect(driver.wrongPixels(try #require(driver.chain.shownBuffer)) == 0)
            driver.holdShown()
        }
        #expect(driver.made == 2)
    }

    @Test(
        "a new size resets the history: new buffers, drawn whole; forgetContents keeps the buffers")
    func resizeResets() throws {
        let chain = SwapChain<TestBuffer>(capacity: 2)
        func acquire(_ w: Int, _ h: Int) -> Int? {
            chain.acquire(width: w, height: h) { TestBuffer(width: $0, height: $1) }
        }
        let index = try #require(acquire(16, 8))
        _ = chain.lend(index, scale: 1)
        chain.present(index, damage: [(0, 0, 16, 8)])
        #expect(chain.holdsPreviousFrame(index))
        let old = chain.buffers[0]
        let resized = try #require(acquire(20, 10))
        #expect(
            chain.buffers.count == 1 && chain.buffers[0] !== old && chain.buffers[0].width == 20)
        #expect(!chain.holdsPreviousFrame(resized))
        #expect(
            chain.damage([Rect(x: 1, y: 1, width: 1, height: 1)], drawnInto: resized).map {
                [$0.x, $0.y, $0.width, $0.height]
            } == [[0, 0, 20, 10]])
        chain.present(resized, damage: [(0, 0, 20, 10)])
        let kept = chain.buffers[0]
        chain.forgetContents()
        #expect(chain.buffers.count == 1 && chain.buffers[0] === kept)
        #expect(!chain.holdsPreviousFrame(0))
        #expect(chain.shownBuffer == nil)
    }

    @Test(
        "prepareSpare copies the shown frame into a second buffer only while the only one is held")
    func spare() throws {
        let driver = ChainDriver(width: 16, height: 8)
        let first = try #require(driver.draw(Self.full))
        #expect(!driver.chain.prepareSpare { TestBuffer(width: $0, height: $1) })
        first.isBusy = true
        #expect(driver.chain.prepareSpare { TestBuffer(width: $0, height: $1) })
        #expect(!driver.chain.prepareSpare { TestBuffer(width: $0, height: $1) })
        let before = driver.chain.bytesRepaired
        let next = try #require(driver.draw(Self.partials[0]))
        #expect(next === driver.chain.buffers[1])
        #expect(driver.chain.bytesRepaired == before)
        #expect(driver.wrongPixels(next) == 0)
    }
}
