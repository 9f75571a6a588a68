import Testing

@testable import KioskCore

/// A cube of `n` panels f0…f(n−1), on screen, width 1000, recording everything.
func makeCube(_ n: Int, wraps: Bool = true, index: Int = 0) -> (
    CubeContainer, LifecycleRecorder, Box<[CubeEvent]>
) {
    let faces: [NavigationNode] = (0..<n).map { PanelNode(PageID("f\($0)")) }
    let cube = CubeContainer(id: "cube", faces: faces, wraps: wraps, index: index)
    cube.width = 1000
    let recorder = LifecycleRecorder()
    cube.observer = recorder
    let events = Box<[CubeEvent]>([])
    cube.eventHandler = { events.value.append($0) }
    cube.appear()
    recorder.clear()
    return (cube, recorder, events)
}

final class Box<T> {
    var value: T
    init(_ value: T) { self.value = value }
}

@Suite("CubeContainer")
struct CubeTests {
    @Test("flick rule: W 1000, −400 px at −500 px/s advances; −400 px at rest snaps back")
    func flickRule() {
        let (cube, _, _) = makeCube(4)
        cube.beginDrag()
        cube.drag(translation: -400)
        #expect(cube.position == 0.4)
        cube.endDrag(velocity: -500)
        cube.advance(to: 1)
        #expect(cube.currentIndex == 1)
        #expect(cube.position == 1)

        let (other, _, _) = makeCube(4)
        other.beginDrag()
        other.drag(translation: -400)
        other.endDrag(velocity: 0)
        other.advance(to: 1)
        #expect(other.currentIndex == 0)
        #expect(other.position == 0)
    }

    @Test("a flick against the drag direction never turns the other way")
    func flickAgainstDrag() {
        let (cube, _, _) = makeCube(4)
        cube.beginDrag()
        cube.drag(translation: -100)
        cube.endDrag(velocity: 5000)
        cube.advance(to: 1)
        #expect(cube.currentIndex == 0)
    }

    @Test("settling is linear at 0.3 s per face of remaining travel")
    func settleTiming() {
        let (cube, _, _) = makeCube(4)
        cube.beginDrag()
        cube.drag(translation: -600)
        cube.endDrag(velocity: 0)
        // 0.4 face left → 0.12 s.
        cube.advance(to: 0.06)
        #expect(abs(cube.position - 0.8) < 1e-12)
        cube.advance(to: 0.12)
        #expect(cube.position == 1)
        #expect(!cube.isSettling)
    }

    @Test("the seven delegate events of a drag come in the seed's order")
    func dragEventOrder() {
        let (cube, _, events) = makeCube(4)
        cube.beginDrag()
        cube.drag(translation: -300)
        cube.drag(translation: -600)
        cube.endDrag(velocity: 0)
        cube.advance(to: 0.06)
        cube.advance(to: 0.12)
        #expect(
            events.value == [
                .willBeginDragging, .didScroll, .didScroll, .currentIndexDidChange(1),
                .didEndDragging(willDecelerate: true), .willBeginDecelerating, .didScroll,
                .didScroll, .didEndDecelerating
            ])
    }

    @Test(
        "an animated scroll sends didScroll per tick and didEndScrollingAnimation; an instant one a single didScroll"
    )
    func scrollEventOrder() {
        let (cube, _, events) = makeCube(4)
        cube.scroll(to: 1, animated: true)
        cube.advance(to: 0.15)
        #expect(cube.position == 0.5)
        #expect(cube.currentIndex == 0)
        cube.advance(to: 0.3)
        #expect(
            events.value == [
                .didScroll, .didScroll, .currentIndexDidChange(1), .didEndScrollingAnimation
            ])
        events.value = []
        cube.scroll(to: 3, animated: false)
        #expect(events.value == [.didScroll, .currentIndexDidChange(3)])
    }

    @Test("wrapping scroll takes the shortest way: 6 faces, 0 → 5 turns back one face")
    func shortestWay() {
        let (cube, _, _) = makeCube(6)
        cube.scroll(to: 5, animated: true)
        cube.advance(to: 0.1)
        #expect(abs(cube.position - (6 - TimingCurve.easeInOut.apply(1.0 / 3))) < 1e-9)
        cube.advance(to: 0.3)
        #expect(cube.position == 5)
        #expect(cube.currentIndex == 5)
    }

    @Test("without wrap an index past the end clamps: 7 of 4 goes to 3")
    func clamp() {
        let (cube, _, _) = makeCube(4, wraps: false)
        cube.scroll(to: 7, animated: false)
        #expect(cube.currentIndex == 3)
        cube.scrollForward(animated: true)
        #expect(!cube.isSettling)
        cube.scroll(to: -2, animated: false)
        #expect(cube.currentIndex == 0)
    }

    @Test("the index flips half-way in both directions, across the seam too")
    func symmetricFlip() {
        let (cube, _, _) = makeCube(4)
        cube.beginDrag()
        cube.drag(translation: 499)
        #expect(cube.currentIndex == 0)
        cube.drag(translation: 500)
        #expect(cube.currentIndex == 0)
        cube.drag(translation: 501)
        #expect(cube.currentIndex == 3)
        cube.drag(translation: -499)
        #expect(cube.currentIndex == 0)
        cube.drag(translation: -501)
        #expect(cube.currentIndex == 1)
    }

    @Test("faces appear when they start to show during a drag and disappear when they leave")
    func dragAppearance() {
        let (cube, recorder, _) = makeCube(4)
        #expect(cube.loadedFaceIndexes == [0, 1, 3])
        cube.beginDrag()
        cube.drag(translation: -100)
        #expect(cube.visibleFaces.map(\.index) == [0, 1])
        #expect(recorder.lines == ["f1 willAppear", "f1 didAppear"])
        recorder.clear()
        cube.drag(translation: 100)
        // Both change in one step: the events interleave as a switch does (CLF §3.2).
        #expect(
            recorder.lines == [
                "f3 willAppear", "f1 willDisappear", "f3 didAppear", "f1 didDisappear"
            ])
        recorder.clear()
        cube.endDrag(velocity: 0)
        cube.advance(to: 1)
        #expect(recorder.lines == ["f3 willDisappear", "f3 didDisappear"])
    }

    @Test("faces load by index: crossing the seam loads and unloads by face, not by position")
    func lazyLoading() {
        let (cube, recorder, _) = makeCube(6)
        cube.scroll(to: 5, animated: false)
        #expect(cube.loadedFaceIndexes == [0, 4, 5])
        #expect(
            recorder.lines == [
                "f4 load", "f5 willAppear", "f0 willDisappear", "f5 didAppear", "f0 didDisappear",
                "f1 unload"
            ])
    }

    @Test(
        "a three-sided prism shows the neighbour only after a quarter face; a card flip only after half"
    )
    func visibilityLimits() {
        let (prism, _, _) = makeCube(3)
        prism.beginDrag()
        prism.drag(translation: -250)
        #expect(prism.visibleFaces.map(\.index) == [0])
        prism.drag(translation: -260)
        #expect(prism.visibleFaces.map(\.index) == [0, 1])
        let (card, _, _) = makeCube(2)
        #expect(card.sides == 2)
        card.beginDrag()
        card.drag(translation: -400)
        #expect(card.visibleFaces.map(\.index) == [0])
        card.drag(translation: -600)
        #expect(card.visibleFaces.map(\.index) == [1])
    }

    @Test("zero and one faces never hang or divide by zero")
    func smallCounts() {
        let (empty, recorder, events) = makeCube(0)
        empty.scroll(to: 3, animated: true)
        empty.scrollForward(animated: true)
        empty.beginDrag()
        empty.drag(translation: -800)
        empty.endDrag(velocity: -9000)
        empty.advance(to: 5)
        #expect(empty.position == 0)
        #expect(empty.visibleFaces.isEmpty)
        #expect(events.value.isEmpty)
        #expect(recorder.events.isEmpty)

        let (single, _, _) = makeCube(1)
        #expect(!single.isWrapping)
        single.beginDrag()
        single.drag(translation: -1000)
        #expect(abs(single.position - 0.25 * 1 / 1.5) < 1e-12)
        #expect(single.visibleFaces.map(\.index) == [0])
        single.endDrag(velocity: -2000)
        single.advance(to: 1)
        #expect(single.position == 0)
        #expect(single.currentIndex == 0)
    }

    @Test("two wrapping faces flip back and forth; back turns the other way")
    func cardFlip() {
        let (card, _, _) = makeCube(2)
        card.scrollBack(animated: true)
        card.advance(to: 0.15)
        #expect(abs(card.position - 1.5) < 1e-12)
        card.advance(to: 0.3)
        #expect(card.currentIndex == 1)
    }

    @Test("reloading a visible face cross-fades it over 0.25 s")
    func reloadFace() throws {
        let (cube, recorder, _) = makeCube(4)
        try cube.reloadFace(0, with: PanelNode("new"), animated: true)
        #expect(
            cube.crossfade == CubeCrossfade(face: 0, outgoing: "f0", incoming: "new", progress: 0))
        #expect(recorder.lines == ["new load", "new willAppear", "f0 willDisappear"])
        cube.advance(to: 0.125)
        #expect(cube.crossfade?.progress == 0.5)
        recorder.clear()
        cube.advance(to: 0.25)
        #expect(cube.crossfade == nil)
        #expect(recorder.lines == ["new didAppear", "f0 didDisappear", "f0 unload"])
        #expect(throws: NavigationError.indexOutOfRange(9, count: 4, container: "cube")) {
            try cube.reloadFace(9, with: PanelNode("x"), animated: false)
        }
    }

    @Test("reloading all faces clamps the index into the new count")
    func reloadAll() throws {
        let (cube, _, _) = makeCube(4, wraps: false, index: 3)
        try cube.reloadAll(faces: [PanelNode("a"), PanelNode("b")])
        #expect(cube.currentIndex == 1)
        #expect(cube.visibleFaces.map(\.page) == ["b"])
    }
}
