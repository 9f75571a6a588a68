import KioskCore
import KioskRender
import Testing

/// A right-to-left page is the exact mirror of the left-to-right one, and a tap at the mirrored
/// point reaches the same item.
@Suite("Right-to-left layout", .serialized)
struct RightToLeftLayoutTests {
    static let size = Size(width: 800, height: 1200)
    static let effects = ControlEffects(publish: PublishTemplate(topic: "plant/set"))

    /// Every kind of widget whose parts or targets sit side by side.
    static let panel = Panel(widgets: [
        .title(TitleWidget(text: "القاعة ٣", subtitle: "الخط ٢")),
        .grid(
            GridWidget(
                columns: 3, tileHeight: 120,
                tiles: [
                    Tile(label: "الآلات", action: .open("machines")),
                    Tile(label: "السلامة", action: .open("safety")),
                    Tile(label: "اتصال", action: .open("contacts")),
                    Tile(label: "رجوع", action: .back, style: .button)
                ])),
        .fileValue(FileValueWidget(label: "الحرارة", path: "/run/a", unit: "°C")),
        .fileValue(FileValueWidget(label: "القطع", path: "/run/b", unit: "pcs")),
        .list(
            ListWidget(rows: [
                ListRow(label: "التعليمات", detail: "12", action: .open("steps")),
                ListRow(label: "السجل", action: .home)
            ])),
        .control(
            ControlWidget(
                kind: .stepper(ControlRange(min: 15, max: 30, step: 0.5, unit: "°C")),
                label: "الضبط", value: "setpoint", effects: effects)),
        .control(
            ControlWidget(
                kind: .slider(ControlRange(min: 0, max: 120, step: 5, unit: "m/min")),
                label: "السرعة", value: "speed", effects: effects)),
        .clock(ClockWidget(format: "%H:%M", size: 48))
    ])

    func layout(_ direction: LayoutDirection) -> PanelLayout {
        var theme = Theme.standard
        theme.layoutDirection = direction
        return TestFixtures.renderer().layout(panel: Self.panel, size: Self.size, theme: theme)
    }

    static func mirror(_ r: Rect) -> Rect {
        Rect(x: size.width - r.minX - r.width, y: r.minY, width: r.width, height: r.height)
    }

    @Test("every frame, part, hit and dynamic region is at x' = width − x − w, same y and size")
    func framesAreMirrored() {
        let ltr = layout(.leftToRight)
        let rtl = layout(.rightToLeft)
        #expect(rtl.widgets.map(\.widgetIndex) == ltr.widgets.map(\.widgetIndex))
        #expect(rtl.widgets.map(\.frame) == ltr.widgets.map { Self.mirror($0.frame) })
        #expect(rtl.widgets.map(\.parts) == ltr.widgets.map { $0.parts.map(Self.mirror) })
        #expect(rtl.hitRegions.map(\.rect) == ltr.hitRegions.map { Self.mirror($0.rect) })
        #expect(rtl.hitRegions.map(\.action) == ltr.hitRegions.map(\.action))
        #expect(rtl.dynamicRegions.map(\.rect) == ltr.dynamicRegions.map { Self.mirror($0.rect) })
        #expect(rtl.contentHeight == ltr.contentHeight)
    }

    @Test("the first tile is at the right and the stepper's + is left of its −")
    func readingOrder() throws {
        let rtl = layout(.rightToLeft)
        let tiles = try #require(rtl.widgets.first { $0.widgetIndex == 1 }).parts
        #expect(tiles[0].minX > tiles[1].minX)
        #expect(tiles[1].minX > tiles[2].minX)
        // The fourth tile starts the second row at its right end.
        #expect(tiles[3].maxX == tiles[0].maxX)
        let steps = rtl.hitRegions.filter { $0.widgetIndex == 5 }
        guard case .control(let minus) = steps[0].action, case .control(let plus) = steps[1].action
        else { Issue.record("stepper targets are not controls"); return }
        #expect(minus.part == .step(-1))
        #expect(plus.part == .step(1))
        #expect(steps[1].rect.maxX < steps[0].rect.minX)
    }

    @Test("a tap at the mirrored point hits the same item as the left-to-right tap")
    func tapsHitTheSameItem() {
        let ltr = layout(.leftToRight)
        let rtl = layout(.rightToLeft)
        var tried = 0
        for region in ltr.hitRegions {
            // A point a quarter of the way into the item, so a wrong mirror lands elsewhere.
            let point = Point(x: region.rect.minX + region.rect.width / 4, y: region.rect.midY)
            let mirrored = Point(x: Self.size.width - point.x, y: point.y)
            let hit = HitRegion.region(at: mirrored, in: rtl.hitRegions)
            #expect(hit?.widgetIndex == region.widgetIndex)
            #expect(hit?.itemIndex == region.itemIndex)
            #expect(hit?.action == region.action)
            // The same point unmirrored is not that item on the RTL page.
            // (Items across the page's middle, like a centre tile, are their own mirror.)
            if region.rect.maxX < Self.size.width / 2 || region.rect.minX > Self.size.width / 2 {
                let same = HitRegion.region(at: point, in: rtl.hitRegions)
                #expect(
                    same?.itemIndex != region.itemIndex || same?.widgetIndex != region.widgetIndex)
            }
            tried += 1
        }
        #expect(tried >= 9)
    }

    @Test("tab cells and the back button mirror: the first tab and the back button at the right")
    func chromeGeometry() {
        let bar = Size(width: 800, height: 64)
        #expect(
            ChromeRenderer.tabRects(count: 3, size: bar, direction: .rightToLeft) == [
                Rect(x: 533, y: 0, width: 267, height: 64),
                Rect(x: 267, y: 0, width: 266, height: 64),
                Rect(x: 0, y: 0, width: 267, height: 64)
            ])
        #expect(
            ChromeRenderer.backButtonRect(
                size: Size(width: 420, height: 64), direction: .rightToLeft)
                == Rect(x: 280, y: 0, width: 140, height: 64))
    }

    @Test("a slider's fraction is measured from its right end right to left")
    func sliderFraction() {
        let band = Rect(x: 100, y: 0, width: 400, height: 64)
        #expect(LayoutDirection.leftToRight.fraction(at: 200, along: band) == 0.25)
        #expect(LayoutDirection.rightToLeft.fraction(at: 200, along: band) == 0.75)
        #expect(LayoutDirection.rightToLeft.fraction(at: 500, along: band) == 0)
    }

    @Test("left and right alignment swap right to left, centred stays")
    func alignment() {
        #expect(TextAlignment.left.resolved(for: .rightToLeft) == .right)
        #expect(TextAlignment.right.resolved(for: .rightToLeft) == .left)
        #expect(TextAlignment.center.resolved(for: .rightToLeft) == .center)
        #expect(TextAlignment.left.resolved(for: .leftToRight) == .left)
    }
}
