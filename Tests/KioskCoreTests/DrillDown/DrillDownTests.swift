import Testing

@testable import KioskCore

/// Drill-down 1001 wide, left column 400, right column 401…1001, root "a", on screen.
func makeDrill() -> (DrillDownContainer, LifecycleRecorder) {
    let drill = DrillDownContainer(
        id: "drill", root: PanelNode("a"), leftWidth: 400, foldBelow: 900, width: 1001)
    let recorder = LifecycleRecorder()
    drill.observer = recorder
    drill.appear()
    recorder.clear()
    return (drill, recorder)
}

func column(_ id: PageID, _ x: Double, _ width: Double, dim: Double = 0, opacity: Double = 1)
    -> DrillDownColumn
{
    DrillDownColumn(content: .page(id), x: x, width: width, dim: dim, opacity: opacity)
}

func close(_ a: [DrillDownColumn], _ b: [DrillDownColumn]) -> Bool {
    a.count == b.count
        && zip(a, b).allSatisfy { p, q in
            p.content == q.content && abs(p.x - q.x) < 1e-9 && abs(p.width - q.width) < 1e-9
                && abs(p.dim - q.dim) < 1e-9 && abs(p.opacity - q.opacity) < 1e-9
        }
}

@Suite("DrillDownContainer")
struct DrillDownTests {
    @Test("at rest the left page fills 0…400 and the right column starts one pixel later")
    func restLayout() {
        let (drill, _) = makeDrill()
        #expect(
            drill.columns == [
                column("a", 0, 400), DrillDownColumn(content: .rightPlaceholder, x: 401, width: 600)
            ])
    }

    @Test("pushing with an empty right column slides the page in from the right over 0.33 s")
    func pushCaseB() throws {
        let (drill, recorder) = makeDrill()
        try drill.push(PanelNode("b"))
        #expect(recorder.lines == ["b load", "b willAppear"])
        drill.advance(to: 0.165)
        #expect(
            close(
                drill.columns,
                [
                    DrillDownColumn(content: .rightPlaceholder, x: 311, width: 600, dim: 0.1),
                    column("a", 0, 400), column("b", 701, 600)
                ]))
        drill.advance(to: 0.33)
        #expect(drill.columns == [column("a", 0, 400), column("b", 401, 600)])
        #expect(recorder.lines == ["b load", "b willAppear", "b didAppear"])
    }

    @Test("pushing with both columns full moves the right page left and dims the old left page")
    func pushCaseC() throws {
        let (drill, recorder) = makeDrill()
        try drill.push(PanelNode("b"))
        drill.advance(to: 1)
        recorder.clear()
        try drill.push(PanelNode("c"))
        #expect(drill.left.map(\.id) == ["a", "b"])
        #expect(drill.right?.id == "c")
        #expect(recorder.lines == ["c load", "c willAppear", "a willDisappear"])
        drill.advance(to: 1.165)
        #expect(
            close(
                drill.columns,
                [
                    column("a", -60, 400, dim: 0.1), column("c", 701, 600, dim: 0.1),
                    column("b", 200.5, 500)
                ]))
        drill.advance(to: 1.33)
        #expect(drill.columns == [column("b", 0, 400), column("c", 401, 600)])
        #expect(
            recorder.lines == [
                "c load", "c willAppear", "a willDisappear", "c didAppear", "a didDisappear"
            ])
    }

    @Test("pop brings the previous left page back and removes the right page")
    func popTwoColumns() throws {
        let (drill, recorder) = makeDrill()
        try drill.setPages(left: [PanelNode("a"), PanelNode("b")], right: PanelNode("c"))
        recorder.clear()
        let popped = drill.pop()
        #expect(popped?.id == "c")
        #expect(drill.left.map(\.id) == ["a"])
        #expect(drill.right?.id == "b")
        drill.advance(to: 0.165)
        #expect(
            close(
                drill.columns,
                [
                    column("c", 491, 600, dim: 0.1), column("a", -60, 400, dim: 0.1),
                    column("b", 200.5, 500)
                ]))
        drill.advance(to: 0.33)
        #expect(
            recorder.lines == [
                "a willAppear", "c willDisappear", "a didAppear", "c didDisappear", "c unload"
            ])
    }

    @Test(
        "pop with an empty right column moves the left page right and removes nothing (kept from the seed)"
    )
    func popEmptyRight() throws {
        let (drill, recorder) = makeDrill()
        try drill.setPages(left: [PanelNode("a"), PanelNode("b")], right: nil)
        recorder.clear()
        #expect(drill.pop() == nil)
        drill.advance(to: 1)
        #expect(drill.left.map(\.id) == ["a"])
        #expect(drill.right?.id == "b")
        #expect(recorder.lines == ["a willAppear", "a didAppear"])
    }

    @Test("popTo leaves the target on the left and the page after it on the right")
    func popTo() throws {
        let (drill, recorder) = makeDrill()
        try drill.setPages(
            left: [PanelNode("a"), PanelNode("b"), PanelNode("c"), PanelNode("d")],
            right: PanelNode("e"))
        recorder.clear()
        let removed = try drill.popTo("a")
        #expect(removed.map(\.id) == ["c", "d", "e"])
        #expect(drill.left.map(\.id) == ["a"])
        #expect(drill.right?.id == "b")
        drill.advance(to: 1)
        #expect(
            recorder.lines == [
                "a willAppear", "b willAppear", "d willDisappear", "e willDisappear", "c unload",
                "a didAppear", "b didAppear", "d didDisappear", "e didDisappear", "e unload",
                "d unload"
            ])
        #expect(try drill.popTo("a").isEmpty)
        #expect(throws: NavigationError.notOnStack("b", container: "drill")) {
            try drill.popTo("b")
        }
    }

    @Test("errors leave the state unchanged")
    func errors() throws {
        let (drill, _) = makeDrill()
        #expect(throws: NavigationError.alreadyShown("a", container: "drill")) {
            try drill.push(PanelNode("a"))
        }
        #expect(drill.pages.map(\.id) == ["a"])
        let empty = DrillDownContainer(id: "empty", root: nil)
        #expect(throws: NavigationError.noLeftPage(container: "empty")) {
            try empty.replaceRight(PanelNode("x"))
        }
    }

    @Test("replacing the right page fades it over 0.33 s")
    func replaceFade() throws {
        let (drill, recorder) = makeDrill()
        try drill.replaceRight(PanelNode("b"))
        drill.advance(to: 1)
        recorder.clear()
        try drill.replaceRight(PanelNode("c"), animation: .fade)
        drill.advance(to: 1.165)
        #expect(
            close(
                drill.columns,
                [
                    column("a", 0, 400), column("b", 401, 600, opacity: 0.5),
                    column("c", 401, 600, opacity: 0.5)
                ]))
        drill.advance(to: 2)
        #expect(
            recorder.lines == [
                "c load", "c willAppear", "b willDisappear", "c didAppear", "b didDisappear",
                "b unload"
            ])
    }

    @Test(
        "swipe back follows the finger, cancels below 0.66 of the column and commits on a rightward flick"
    )
    func swipeBack() throws {
        let (drill, recorder) = makeDrill()
        try drill.setPages(left: [PanelNode("a"), PanelNode("b")], right: PanelNode("c"))
        recorder.clear()
        #expect(drill.beginBackSwipe(at: 10))
        drill.updateBackSwipe(x: 210)
        #expect(
            close(
                drill.columns,
                [
                    column("c", 491, 600, dim: 0.1), column("a", -60, 400, dim: 0.1),
                    column("b", 200.5, 500)
                ]))
        drill.endBackSwipe(velocity: -600)
        // Leftward flick: cancelled, animates back over 0.33 × 0.5 s.
        drill.advance(to: 0.165)
        #expect(drill.left.map(\.id) == ["a", "b"])
        #expect(drill.right?.id == "c")
        #expect(
            recorder.lines == [
                "a willAppear", "c willDisappear",
                "c didDisappear", "a didAppear", "c willAppear", "a willDisappear", "c didAppear",
                "a didDisappear"
            ])
        recorder.clear()
        #expect(drill.beginBackSwipe(at: 10))
        drill.updateBackSwipe(x: 110)
        drill.endBackSwipe(velocity: 600)
        drill.advance(to: 1)
        #expect(drill.left.map(\.id) == ["a"])
        #expect(drill.right?.id == "b")
        #expect(recorder.lines.last == "c unload")
    }

    @Test("swipe back needs two left pages")
    func swipeNeedsDepth() throws {
        let (drill, _) = makeDrill()
        try drill.push(PanelNode("b"))
        #expect(!drill.beginBackSwipe(at: 5))
    }

    @Test("below the fold width one column shows and pushes slide the full width")
    func folded() throws {
        let (drill, recorder) = makeDrill()
        try drill.push(PanelNode("b"))
        drill.advance(to: 1)
        recorder.clear()
        drill.layout(width: 800)
        #expect(drill.isFolded)
        #expect(drill.columns == [column("b", 0, 800)])
        #expect(recorder.lines == ["a willDisappear", "a didDisappear"])
        try drill.push(PanelNode("c"))
        drill.advance(to: 1.165)
        #expect(close(drill.columns, [column("b", -120, 800, dim: 0.1), column("c", 400, 800)]))
    }
}
