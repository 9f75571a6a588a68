import Testing

@testable import KioskFrames

@Suite("DamageHistory")
struct DamageHistoryTests {
    private func regions(_ history: DamageHistory, _ buffer: Int) -> [[Int]] {
        history.missingRegions(buffer).map { [$0.x, $0.y, $0.width, $0.height] }
    }

    @Test("every buffer starts fresh; drawing one leaves the others fresh")
    func fresh() {
        var history = DamageHistory(buffers: 3)
        #expect(history.isFresh(0) && history.isFresh(1) && history.isFresh(2))
        history.drew(0, damage: [(0, 0, 10, 10)])
        #expect(!history.isFresh(0))
        #expect(history.isFresh(1) && history.isFresh(2))
    }

    @Test("a buffer misses what was drawn into the others since it was last drawn")
    func missing() {
        var history = DamageHistory(buffers: 3)
        history.drew(0, damage: [(0, 0, 100, 100)])
        history.drew(1, damage: [(0, 0, 100, 100)])
        history.drew(0, damage: [(5, 6, 7, 8)])
        history.drew(1, damage: [(1, 2, 3, 4)])
        #expect(regions(history, 0) == [[1, 2, 3, 4]])
        #expect(regions(history, 1) == [])
        history.drew(0, damage: [(10, 10, 1, 1)])
        #expect(regions(history, 1) == [[10, 10, 1, 1]])
        #expect(regions(history, 0) == [])
    }

    @Test("empty rectangles are not recorded")
    func emptyDamage() {
        var history = DamageHistory(buffers: 2)
        history.drew(0, damage: [])
        history.drew(1, damage: [(3, 3, 0, 5), (1, 1, 2, 2)])
        #expect(regions(history, 0) == [[1, 1, 2, 2]])
    }

    @Test("beyond the limit a buffer's regions collapse to their bounding box")
    func collapse() {
        var history = DamageHistory(buffers: 2, limit: 3)
        history.drew(1, damage: [])
        history.drew(0, damage: [(0, 0, 1, 1), (10, 0, 1, 1)])
        history.drew(0, damage: [(0, 20, 1, 1), (5, 5, 1, 1)])
        #expect(regions(history, 1) == [[0, 0, 11, 21]])
    }

    @Test("a spare given a copy of the newest frame misses nothing, then what later frames draw")
    func copiedNewest() {
        var history = DamageHistory(buffers: 3)
        history.drew(0, damage: [(0, 0, 100, 100)])
        history.copiedNewest(into: 1)
        #expect(!history.isFresh(1))
        #expect(regions(history, 1) == [])
        #expect(history.isFresh(2))
        #expect(regions(history, 0) == [])
        history.drew(0, damage: [(4, 5, 6, 7)])
        #expect(regions(history, 1) == [[4, 5, 6, 7]])
        history.drew(1, damage: [(1, 1, 1, 1)])
        #expect(regions(history, 0) == [[1, 1, 1, 1]])
        #expect(regions(history, 1) == [])
    }

    @Test("reset makes every buffer fresh with nothing missing")
    func reset() {
        var history = DamageHistory(buffers: 2)
        history.drew(0, damage: [(0, 0, 1, 1)])
        history.drew(1, damage: [(0, 0, 1, 1)])
        history.reset()
        #expect(history.isFresh(0) && history.isFresh(1))
        #expect(regions(history, 0) == [] && regions(history, 1) == [])
    }
}
