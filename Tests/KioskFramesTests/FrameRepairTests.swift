import KioskCore
import Testing

@testable import KioskFrames

@Suite("Region subtraction")
struct RegionSubtractionTests {
    private func rects(_ regions: [DamageHistory.Region]) -> [[Int]] {
        regions.map { [$0.x, $0.y, $0.width, $0.height] }
    }

    /// Pixel count of `regions`, failing when two of them overlap.
    private func area(_ regions: [DamageHistory.Region]) -> Int {
        var seen = Set<[Int]>()
        for r in regions {
            for y in r.y..<(r.y + r.height) {
                for x in r.x..<(r.x + r.width) {
                    #expect(seen.insert([x, y]).inserted, "overlap at \(x),\(y)")
                }
            }
        }
        return seen.count
    }

    @Test("nothing covered keeps the regions; a cover over all removes them")
    func extremes() {
        #expect(rects(DamageHistory.subtract([], from: [(1, 2, 3, 4)])) == [[1, 2, 3, 4]])
        #expect(
            DamageHistory.subtract([(0, 0, 10, 10)], from: [(1, 2, 3, 4), (0, 0, 10, 10)]).isEmpty)
        #expect(
            DamageHistory.subtract([(0, 0, 5, 10), (5, 0, 5, 10)], from: [(0, 0, 10, 10)]).isEmpty)
    }

    @Test("disjoint or touching covers change nothing; empty regions and covers are ignored")
    func disjoint() {
        #expect(
            rects(DamageHistory.subtract([(10, 0, 5, 5)], from: [(0, 0, 10, 10)])) == [
                [0, 0, 10, 10]
            ])
        #expect(
            rects(DamageHistory.subtract([(0, 10, 10, 1)], from: [(0, 0, 10, 10)])) == [
                [0, 0, 10, 10]
            ])
        #expect(
            rects(DamageHistory.subtract([(2, 2, 0, 5), (2, 2, 5, -1)], from: [(0, 0, 10, 10)]))
                == [[0, 0, 10, 10]])
        #expect(DamageHistory.subtract([(0, 0, 1, 1)], from: [(3, 3, 0, 4)]).isEmpty)
    }

    @Test("a hole leaves four bands; an edge cut leaves one")
    func bands() {
        let hole = DamageHistory.subtract([(2, 3, 4, 5)], from: [(0, 0, 10, 10)])
        #expect(rects(hole) == [[0, 0, 10, 3], [0, 8, 10, 2], [0, 3, 2, 5], [6, 3, 4, 5]])
        #expect(area(hole) == 100 - 20)
        #expect(
            rects(DamageHistory.subtract([(-5, -5, 10, 20)], from: [(0, 0, 10, 10)])) == [
                [5, 0, 5, 10]
            ])
        #expect(
            rects(DamageHistory.subtract([(0, 6, 10, 10)], from: [(0, 0, 10, 10)])) == [
                [0, 0, 10, 6]
            ])
    }

    @Test("several covers over several regions leave exactly the uncovered pixels, without overlap")
    func several() {
        let regions: [DamageHistory.Region] = [(0, 0, 20, 10), (30, 30, 5, 5)]
        let covers: [DamageHistory.Region] = [
            (5, 2, 3, 3), (6, 4, 10, 2), (31, 29, 2, 10), (19, 9, 5, 5)
        ]
        let left = DamageHistory.subtract(covers, from: regions)
        var expected = 0
        for r in regions {
            for y in r.y..<(r.y + r.height) {
                for x in r.x..<(r.x + r.width)
                where !covers.contains(where: {
                    x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height
                }) {
                    expected += 1
                }
            }
        }
        #expect(area(left) == expected)
        for r in left {
            #expect(
                !covers.contains {
                    r.x < $0.x + $0.width && $0.x < r.x + r.width && r.y < $0.y + $0.height
                        && $0.y < r.y + r.height
                })
        }
    }

    @Test("damage counts only whole pixels inside it as covered")
    func inward() {
        #expect(
            rects(DamageHistory.pixelsInside([Rect(x: 0.5, y: 1, width: 3, height: 2.9)])) == [
                [1, 1, 2, 2]
            ])
        #expect(DamageHistory.pixelsInside([Rect(x: 0.2, y: 0, width: 0.6, height: 5)]).isEmpty)
        #expect(DamageHistory.pixelsInside([Rect(x: .nan, y: 0, width: 1, height: 1)]).isEmpty)
    }
}

@Suite("FrameRepair")
struct FrameRepairTests {
    /// Two 8×4 buffers (stride 40 bytes: rows are padded): the source all 7s, the target all 0s.
    private func withBuffers(_ body: (UnsafeMutableRawPointer, UnsafeMutableRawPointer) -> Void) {
        let bytes = 40 * 4
        let source = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 4)
        let target = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 4)
        defer {
            source.deallocate()
            target.deallocate()
        }
        source.initializeMemory(as: UInt8.self, repeating: 7, count: bytes)
        target.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
        body(target, source)
    }

    private func copied(_ target: UnsafeMutableRawPointer) -> [[Bool]] {
        (0..<4).map { y in
            (0..<8).map { x in target.load(fromByteOffset: y * 40 + x * 4, as: UInt32.self) != 0 }
        }
    }

    @Test("copies the missing regions outside the damage, clipped to the buffer, once")
    func outside() {
        withBuffers { target, source in
            var reported: [Int] = []
            let repair = FrameRepair(
                target: target, source: source, stride: 40, width: 8, height: 4,
                missing: [(0, 0, 4, 4), (6, 3, 10, 10)]
            ) { reported.append($0) }
            let bytes = repair.repair(outside: [Rect(x: 0, y: 1, width: 2, height: 2)])
            #expect(bytes == (16 - 4 + 2) * 4)
            #expect(reported == [bytes])
            #expect(
                copied(target) == [
                    [true, true, true, true, false, false, false, false],
                    [false, false, true, true, false, false, false, false],
                    [false, false, true, true, false, false, false, false],
                    [true, true, true, true, false, false, true, true]
                ])
            #expect(repair.isDone)
            #expect(repair.repair(outside: []) == 0)
            // Row padding is never written.
            #expect(target.load(fromByteOffset: 32, as: UInt32.self) == 0)
        }
    }

    @Test("damage covering the whole frame copies nothing; nothing() never copies")
    func fullDamage() {
        withBuffers { target, source in
            let repair = FrameRepair(
                target: target, source: source, stride: 40, width: 8, height: 4,
                missing: [(0, 0, 8, 4)])
            #expect(repair.repair(outside: [Rect(x: 0, y: 0, width: 8, height: 4)]) == 0)
            #expect(copied(target).allSatisfy { $0.allSatisfy { !$0 } })
            #expect(FrameRepair.nothing().repair(outside: []) == 0)
        }
    }
}
