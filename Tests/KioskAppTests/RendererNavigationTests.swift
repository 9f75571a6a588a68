import KioskApp
import KioskConfig
import KioskCore
import KioskRender
import Testing
import KioskTestSupport

/// The Navigator with the real renderer's hit regions and drawing: a config loaded from TOML,
/// taps found where the renderer laid the rows out, frames drawn by the FrameRenderer.
@Suite("Navigator with the FrameRenderer")
struct RendererNavigationTests {
    static func load(_ fixture: String) throws -> KioskConfiguration {
        let result = ConfigLoader.load(directory: AppFixture.fixture(fixture))
        #expect(result.diagnostics.isEmpty)
        return try #require(result.configuration)
    }

    @Test("the renderer's targets of the menu are its three rows, stacked, across the column width")
    func targets() throws {
        _ = AppFixture.fonts
        let configuration = try Self.load("drill")
        let renderer = FrameRenderer(configuration: configuration, scale: 1)
        let targets = renderer.targets(page: "menu", size: Size(width: 360, height: 536))
        #expect(targets.map(\.action) == [.open("red"), .open("green"), .open("blue")])
        for (upper, lower) in zip(targets, targets.dropFirst()) {
            #expect(upper.rect.maxY <= lower.rect.minY)
        }
        #expect(
            targets.allSatisfy { $0.rect.minX >= 0 && $0.rect.maxX <= 360 && $0.rect.width > 200 })
        // Panels without targets and unknown pages have none.
        #expect(renderer.targets(page: "red", size: Size(width: 639, height: 536)).isEmpty)
        #expect(renderer.targets(page: "nowhere", size: Size(width: 639, height: 536)).isEmpty)
    }

    @Test(
        "a tap in the middle of the second row of the left column opens the green line on the right"
    )
    func tapOpensRow() throws {
        _ = AppFixture.fonts
        let configuration = try Self.load("drill")
        let renderer = FrameRenderer(configuration: configuration, scale: 0.5)
        let navigator = try Navigator(
            configuration: configuration, viewport: Size(width: 1000, height: 600), scale: 0.5,
            panels: renderer)
        let row = try #require(
            renderer.targets(page: "menu", size: Size(width: 360, height: 536)).dropFirst().first)
        // The menu sits below the 64-px header of the left column.
        let x = Int(row.rect.midX)
        let y = Int(row.rect.midY + ChromeMetrics.headerHeight)
        try ActionScript.parse("tap \(x),\(y)").play(on: navigator)
        #expect(navigator.state.entries["lines"] == .drillDown(left: ["menu"], right: "green"))
        #expect(navigator.lastRefusal == nil)
        appGoldens.check(
            try renderer.render(navigator.scene(), now: AppFixture.instant),
            named: "drilldown-tap-green")
        // A tap on the first row then replaces it.
        let first = try #require(
            renderer.targets(page: "menu", size: Size(width: 360, height: 536)).first)
        try ActionScript.parse(
            "wait \(navigator.now)s; tap \(Int(first.rect.midX)),\(Int(first.rect.midY + 64))"
        ).play(on: navigator)
        #expect(navigator.state.entries["lines"] == .drillDown(left: ["menu"], right: "red"))
    }

    @Test("keys Down, Down, Enter activate the second row through the renderer's targets")
    func keysActivate() throws {
        _ = AppFixture.fonts
        let configuration = try Self.load("drill")
        let renderer = FrameRenderer(configuration: configuration, scale: 1)
        let navigator = try Navigator(
            configuration: configuration, viewport: Size(width: 1000, height: 600),
            panels: renderer)
        try ActionScript.parse("key Down; key Down; key Enter").play(on: navigator)
        #expect(navigator.state.entries["lines"] == .drillDown(left: ["menu"], right: "green"))
    }

    @Test(
        "the demo's home frame mid-turn (render --actions … --at 0.15) looks as recorded and differs from the rest frame"
    )
    func demoMidTurn() throws {
        _ = AppFixture.fonts
        let folder = AppFixture.temporaryDirectory()
        let turning = PageRendering(
            configDirectory: AppFixture.demoConfig, scale: 0.5,
            actions: "drag 900,400 300,400 250ms", at: 0.15)
        let (configuration, warnings) = try turning.loadConfiguration()
        #expect(warnings.isEmpty)
        let written = try turning.render(
            configuration: configuration, pages: ["home"], out: folder + "/turning.png",
            intoFolder: false,
            now: AppFixture.instant)
        #expect(written == [folder + "/turning.png"])
        let image = try ImageBuffer(pngPath: folder + "/turning.png")
        #expect(image.width == 640 && image.height == 400)
        appGoldens.check(image, named: "demo-home-turning")

        let rest = PageRendering(configDirectory: AppFixture.demoConfig, scale: 0.5)
        _ = try rest.render(
            configuration: configuration, pages: ["home"], out: folder + "/rest.png",
            intoFolder: false,
            now: AppFixture.instant)
        let (differing, _) = GoldenFolder.difference(
            image, try ImageBuffer(pngPath: folder + "/rest.png"))
        #expect(differing > 640 * 400 / 4)
    }

    @Test("an action script that does not parse fails the render with its message")
    func badActions() throws {
        let rendering = PageRendering(configDirectory: AppFixture.demoConfig, actions: "tap here")
        let (configuration, _) = try rendering.loadConfiguration()
        #expect {
            try rendering.render(
                configuration: configuration, pages: ["home"], out: "/nonexistent/x.png",
                intoFolder: false)
        } throws: { error in
            guard let failure = error as? PageRendering.Failure else { return false }
            return failure.description == "actions: \"tap here\": \"here\" is not a point X,Y"
                && failure.exitCode == .failure
        }
    }
}
