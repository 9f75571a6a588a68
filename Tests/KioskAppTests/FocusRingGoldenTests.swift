import KioskApp
import KioskCore
import KioskRender
import Testing
import KioskTestSupport

/// The keyboard focus ring and the zoom from a row, drawn by the real pipeline (Navigator Scene,
/// FrameRenderer): what a visitor using keys sees (issue 14).
@Suite("Focus ring and zoom drawn")
struct FocusRingGoldenTests {
    static let size = Size(width: 640, height: 400)

    static func navigator(_ transition: TransitionSpec = TransitionSpec()) throws -> (
        Navigator, FrameRenderer
    ) {
        _ = AppFixture.fonts
        let menu = PageDefinition(
            id: "menu", title: "Hall 2",
            content: .panel(
                Panel(widgets: [
                    .list(
                        ListWidget(rows: [
                            ListRow(label: "Beam engine", detail: "1887", action: .open("A")),
                            ListRow(label: "Diesel generator", detail: "1924", action: .open("B"))
                        ])),
                    .grid(
                        GridWidget(
                            columns: 3, tileHeight: 72,
                            tiles: [
                                Tile(label: "Map", action: .open("A")),
                                Tile(label: "Tours", action: .open("B")),
                                Tile(label: "Home", action: .home, style: .button)
                            ]))
                ])))
        let configuration = LetterPages.configuration(
            home: "s",
            [
                menu, LetterPages.page(0), LetterPages.page(1),
                PageDefinition(
                    id: "s", title: "Stack",
                    content: .stack(StackSpec(root: "menu", transition: transition)))
            ])
        let renderer = FrameRenderer(configuration: configuration, scale: 1)
        return (
            try Navigator(configuration: configuration, viewport: size, panels: renderer), renderer
        )
    }

    static func press(_ nav: Navigator, _ keys: Key...) {
        for key in keys { nav.handle(KeyEvent(key: key, isPressed: true, time: nav.now)) }
    }

    @Test("Down rings the first row, Tab moves the ring to an accent button; a touch takes it away")
    func ring() throws {
        let (nav, renderer) = try Self.navigator()
        let untouched = try renderer.render(nav.scene(), now: AppFixture.instant)
        Self.press(nav, .down)
        let row = try renderer.render(nav.scene(), now: AppFixture.instant)
        appGoldens.check(row, named: "focus-ring-row")
        #expect(GoldenFolder.difference(row, untouched).0 > 1000)
        Self.press(nav, .tab, .tab, .tab, .tab)
        appGoldens.check(
            try renderer.render(nav.scene(), now: AppFixture.instant), named: "focus-ring-button")
        nav.handle(.down(id: 0, position: Point(x: 600, y: 380), time: nav.now))
        #expect(
            GoldenFolder.difference(
                try renderer.render(nav.scene(), now: AppFixture.instant), untouched
            ).0 == 0)
    }

    @Test(
        "drawing only the damage of a ring appearing, moving and going away gives the whole frame's pixels"
    )
    func ringDamage() throws {
        let (nav, renderer) = try Self.navigator()
        var previous = nav.scene()
        let target = try renderer.render(previous, now: AppFixture.instant)
        var damaged: [Double] = []
        func step(_ change: () -> Void) throws {
            change()
            let scene = nav.scene()
            let damage = renderer.draw(
                scene, into: target, previous: previous, now: AppFixture.instant)
            damaged.append(damage.rects.reduce(0) { $0 + $1.width * $1.height })
            previous = scene
            let whole = try renderer.render(scene, now: AppFixture.instant)
            #expect(GoldenFolder.difference(target, whole).0 == 0)
        }
        try step { Self.press(nav, .down) }
        try step { Self.press(nav, .down) }
        try step { Self.press(nav, .tab) }
        try step { nav.handle(.down(id: 0, position: Point(x: 600, y: 380), time: nav.now)) }
        // Each change redraws the ring's surroundings, never the whole 640x400 frame.
        #expect(damaged.allSatisfy { $0 > 0 && $0 < 640 * 400 / 2 })
    }

    @Test("a zoom push a third of the way grows out of the tapped row, not the centre")
    func zoomFromRow() throws {
        let (nav, renderer) = try Self.navigator(TransitionSpec(kind: .zoom, duration: 1))
        let targets = renderer.targets(page: "menu", size: Size(width: 640, height: 336))
        let row = try #require(targets.dropFirst().first)
        // Below the stack's 64-px header.
        try ActionScript.parse(
            "tap \(Int(row.rect.midX)),\(Int(row.rect.midY + ChromeMetrics.headerHeight))"
        )
        .play(on: nav, until: ActionScript.tapDuration)
        #expect(nav.activeNode.id == "B")
        nav.advance(to: ActionScript.tapDuration + 0.3)
        appGoldens.check(
            try renderer.render(nav.scene(), now: AppFixture.instant), named: "zoom-from-row-30")
    }
}
