import KioskApp
import KioskCore
import KioskRender
import Testing
import KioskTestSupport

/// A panel taller than the screen, scrolled through the Navigator and drawn by the FrameRenderer:
/// the frame shows exactly the window of the page drawn whole, and taps land in content
/// coordinates of the real layout.
@Suite("Scrolling panels drawn")
struct ScrollRenderingTests {
    static let rows: [PageID] = (0..<20).map { PageID("row\($0)") }

    static func configuration() -> KioskConfiguration {
        let list = PageDefinition(
            id: "list", title: "List",
            content: .panel(
                Panel(widgets: [
                    .title(TitleWidget(text: "Twenty rows")),
                    .list(
                        ListWidget(
                            rows: rows.map {
                                ListRow(label: "Row \($0.rawValue)", action: .open($0))
                            }))
                ])))
        let stack = PageDefinition(
            id: "s", title: "S",
            content: .stack(
                StackSpec(
                    root: "list", transition: TransitionSpec(kind: .swipe, duration: 0.3),
                    showsHeader: false)))
        var pages: [PageID: PageDefinition] = ["list": list, "s": stack]
        for id in rows {
            pages[id] = PageDefinition(
                id: id, title: id.rawValue,
                content: .panel(Panel(widgets: [.title(TitleWidget(text: id.rawValue))])))
        }
        return KioskConfiguration(
            settings: KioskSettings(home: "s"), pages: pages, directory: "/nonexistent")
    }

    static func navigator(_ renderer: FrameRenderer, _ configuration: KioskConfiguration) throws
        -> Navigator
    {
        try Navigator(
            configuration: configuration, viewport: Size(width: 1280, height: 800), scale: 1,
            panels: renderer)
    }

    /// Drags from y `from` to `to` at x 640 in 0.5 s, holds still 0.2 s (no coasting), lifts,
    /// and lets 1 s pass.
    static func drag(_ nav: Navigator, from: Double, to: Double) {
        var t = nav.now
        nav.handle(.down(id: 0, position: Point(x: 640, y: from), time: t))
        for i in 1...60 {
            t += 1.0 / 120
            nav.advance(to: t)
            nav.handle(
                .motion(
                    id: 0, position: Point(x: 640, y: from + (to - from) * Double(i) / 60), time: t)
            )
        }
        for _ in 0..<24 {
            t += 1.0 / 120
            nav.advance(to: t)
            nav.handle(.motion(id: 0, position: Point(x: 640, y: to), time: t))
        }
        nav.handle(.up(id: 0, time: t))
        nav.advance(to: t + 1)
    }

    @Test(
        "a list scrolled 300 px is drawn as rows 300…1099 of the page drawn whole, pixel for pixel")
    func windowMatchesWholePage() throws {
        _ = AppFixture.fonts
        let configuration = Self.configuration()
        let renderer = FrameRenderer(configuration: configuration, scale: 1)
        let navigator = try Self.navigator(renderer, configuration)
        let height = renderer.contentHeight(page: "list", size: Size(width: 1280, height: 800))
        #expect(height > 1100)
        // Drag up 300 px and hold still, so nothing coasts.
        Self.drag(navigator, from: 600, to: 300)
        let scene = navigator.scene()
        #expect(scene.layers.first?.contentOffset == Point(x: 0, y: 300))
        let frame = try renderer.render(scene, now: AppFixture.instant)
        guard case .panel(let panel)? = configuration.pages["list"]?.content else { return }
        let whole = try renderer.surfaces.renderer.render(
            panel: panel, size: Size(width: 1280, height: height), scale: 1,
            theme: configuration.settings.theme,
            context: RenderContext(now: AppFixture.instant))
        var differing = 0
        for y in stride(from: 0, to: 800, by: 7) {
            for x in stride(from: 0, to: 1280, by: 5)
            where frame.pixel(x: x, y: y) != whole.pixel(x: x, y: y + 300) {
                differing += 1
            }
        }
        #expect(differing == 0)
    }

    @Test(
        "after scrolling, a tap in the middle of a row the renderer laid out below the page opens it"
    )
    func tapBelowThePage() throws {
        _ = AppFixture.fonts
        let configuration = Self.configuration()
        let renderer = FrameRenderer(configuration: configuration, scale: 1)
        let navigator = try Self.navigator(renderer, configuration)
        let contentSize = Size(
            width: 1280,
            height: renderer.contentHeight(page: "list", size: Size(width: 1280, height: 800)))
        let targets = renderer.targets(page: "list", size: contentSize)
        #expect(targets.count == 20)
        let row = targets[15]
        #expect(row.rect.minY > 800)
        Self.drag(navigator, from: 700, to: 200)
        let offset = try #require(navigator.scene().layers.first?.contentOffset.y)
        #expect(offset == 500)
        let y = row.rect.midY - offset
        navigator.handle(.down(id: 0, position: Point(x: 640, y: y), time: navigator.now))
        navigator.handle(.up(id: 0, time: navigator.now + 0.05))
        navigator.advance(to: navigator.now + 2)
        #expect(navigator.state.entries["s"] == .stack(["list", "row15"]))
    }
}
