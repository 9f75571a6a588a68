import KioskCore
import KioskRender
import Testing

@Suite("Panel layout", .serialized)
struct PanelLayoutTests {
    let landscape = Size(width: 1280, height: 800)

    func layout(_ widgets: [Widget], size: Size? = nil) -> PanelLayout {
        TestFixtures.renderer().layout(
            panel: Panel(widgets: widgets), size: size ?? landscape, theme: .standard)
    }

    @Test("three list rows give three 72 px hit regions inside the padding, in order")
    func listHitRegions() {
        let l = layout([
            .list(
                ListWidget(rows: [
                    ListRow(label: "A", action: .open("a")),
                    ListRow(label: "B", detail: "b", action: .back),
                    ListRow(label: "C", action: .home)
                ]))
        ])
        #expect(
            l.hitRegions == [
                HitRegion(
                    rect: Rect(x: 32, y: 32, width: 1216, height: 72), action: .open("a"),
                    widgetIndex: 0, itemIndex: 0),
                HitRegion(
                    rect: Rect(x: 32, y: 104, width: 1216, height: 72), action: .back,
                    widgetIndex: 0, itemIndex: 1),
                HitRegion(
                    rect: Rect(x: 32, y: 176, width: 1216, height: 72), action: .home,
                    widgetIndex: 0, itemIndex: 2)
            ])
        #expect(l.widgets.map(\.frame) == [Rect(x: 32, y: 32, width: 1216, height: 216)])
        #expect(HitRegion.region(at: Point(x: 600, y: 120), in: l.hitRegions)?.action == .back)
        #expect(HitRegion.region(at: Point(x: 600, y: 250), in: l.hitRegions) == nil)
    }

    @Test("a row without an action takes space but is not tappable")
    func rowWithoutAction() {
        let l = layout([
            .list(
                ListWidget(rows: [ListRow(label: "info"), ListRow(label: "go", action: .open("x"))])
            ),
            .spacer(SpacerWidget(height: 10))
        ])
        #expect(l.hitRegions.map(\.rect) == [Rect(x: 32, y: 104, width: 1216, height: 72)])
        #expect(l.hitRegions.map(\.itemIndex) == [1])
        // 32 + 144 + 16 spacing, then the spacer.
        #expect(l.widgets[1].frame == Rect(x: 32, y: 192, width: 1216, height: 10))
        #expect(l.contentHeight == 234)
        #expect(!l.isClipped)
    }

    @Test("grid tiles are equal cells on whole pixels, wrapping to rows with spacing")
    func gridCells() {
        let tiles = (0..<4).map { Tile(label: "\($0)", action: .open(PageID("p\($0)"))) }
        let l = layout([.grid(GridWidget(columns: 3, tileHeight: 100, tiles: tiles))])
        #expect(
            l.hitRegions.map(\.rect) == [
                Rect(x: 32, y: 32, width: 395, height: 100),
                Rect(x: 443, y: 32, width: 394, height: 100),
                Rect(x: 853, y: 32, width: 395, height: 100),
                Rect(x: 32, y: 148, width: 395, height: 100)
            ])
        #expect(l.widgets[0].frame.height == 216)
    }

    @Test("content below the page is clipped: partly visible rows are cut, hidden ones dropped")
    func overflow() {
        let rows = (0..<20).map { ListRow(label: "row \($0)", action: .open(PageID("r\($0)"))) }
        let l = layout([.list(ListWidget(rows: rows))])
        #expect(l.hitRegions.count == 11)
        #expect(l.hitRegions.last?.rect == Rect(x: 32, y: 752, width: 1216, height: 48))
        #expect(l.contentHeight == 1504)
        #expect(l.isClipped)
    }

    @Test("clocks and file values are dynamic regions; consecutive file values share a row")
    func dynamicRegions() {
        let l = layout([
            .clock(ClockWidget(format: "%H:%M:%S")),
            .fileValue(FileValueWidget(label: "A", path: "/a")),
            .fileValue(FileValueWidget(label: "B", path: "/b", unit: "kW")),
            .text(TextWidget(markup: "x"))
        ])
        #expect(
            l.dynamicRegions.map(\.source) == [
                .clock(format: "%H:%M:%S"), .file(path: "/a"), .file(path: "/b")
            ])
        #expect(l.dynamicRegions.map(\.widgetIndex) == [0, 1, 2])
        let clock = l.dynamicRegions[0].rect
        #expect(clock.minX == 32 && clock.minY == 32 && clock.width == 1216)
        let a = l.dynamicRegions[1].rect
        let b = l.dynamicRegions[2].rect
        #expect(a.minX == 32 && a.width == 600)
        #expect(b.minX == 648 && b.width == 600)
        #expect(a.minY == b.minY && a.height == b.height)
        #expect(a.minY == clock.maxY + 16)
        #expect(l.widgets.map(\.widgetIndex) == [0, 1, 2, 3])
        #expect(l.widgets[3].frame.minY == a.maxY + 16)
        #expect(l.hitRegions.isEmpty)
    }

    @Test("file values stack in one column when the page is too narrow for two")
    func narrowFileValues() {
        let l = layout(
            [
                .fileValue(FileValueWidget(label: "A", path: "/a")),
                .fileValue(FileValueWidget(label: "B", path: "/b"))
            ],
            size: Size(width: 600, height: 800))
        let rects = l.dynamicRegions.map(\.rect)
        #expect(rects.map(\.width) == [536, 536])
        #expect(rects[1].minY == rects[0].maxY + 16)
    }

    @Test("a clock shows seconds only for formats with a seconds conversion")
    func secondsDetection() {
        func region(_ f: String) -> DynamicRegion {
            DynamicRegion(rect: .zero, source: .clock(format: f), widgetIndex: 0)
        }
        #expect(!region("%H:%M").updatesEverySecond)
        #expect(region("%H:%M:%S").updatesEverySecond)
        #expect(region("%T").updatesEverySecond)
        #expect(region("%-S").updatesEverySecond)
        #expect(!region("%%S").updatesEverySecond)
        #expect(
            !DynamicRegion(rect: .zero, source: .file(path: "/x"), widgetIndex: 0)
                .updatesEverySecond)
    }

    @Test(
        "hostile sizes from a config (zero columns, negative or NaN heights) lay out without trapping"
    )
    func hostileValues() {
        let l = layout([
            .grid(
                GridWidget(
                    columns: 0, tileHeight: -5,
                    tiles: [Tile(label: "a", action: .home), Tile(label: "b")])),
            .spacer(SpacerWidget(height: .nan)),
            .image(ImageWidget(path: "", height: -.infinity))
        ])
        #expect(l.widgets.count == 3)
        #expect(l.widgets[0].parts.map(\.width) == [1216, 1216])
        #expect(l.widgets[1].frame.height == 0)
        #expect(l.widgets[2].frame.height == 0)
    }

    @Test("a tab bar's cells split the width on whole pixels")
    func tabCells() {
        #expect(
            ChromeRenderer.tabRects(count: 3, size: Size(width: 800, height: 64)) == [
                Rect(x: 0, y: 0, width: 267, height: 64),
                Rect(x: 267, y: 0, width: 266, height: 64),
                Rect(x: 533, y: 0, width: 267, height: 64)
            ])
        #expect(ChromeRenderer.tabRects(count: 0, size: Size(width: 800, height: 64)).isEmpty)
        #expect(
            ChromeRenderer.backButtonRect(size: Size(width: 420, height: 64))
                == Rect(x: 0, y: 0, width: 140, height: 64))
    }
}
