import Testing

@testable import KioskCore

/// Remote `open` (`Navigator.reveal`) along chains that pass through a drill-down's placeholder
/// or start at a page only the schedule or the screensaver shows (`PageRoutes`).
@Suite("Navigator remote open through placeholders and schedule pages")
struct NavigatorRevealTests {
    static func navigator(_ configuration: KioskConfiguration) throws -> Navigator {
        try Navigator(
            configuration: configuration, viewport: NavFixture.viewport,
            panels: FakePanels(rows: NavFixture.targets(configuration)))
    }

    /// Home is stack s: a opens b, b opens c; with `pages` besides.
    static func stackHome(plus pages: [PageDefinition]) -> KioskConfiguration {
        NavFixture.configuration(
            home: "s",
            [
                NavFixture.stack("s", root: "a"), NavFixture.panel("a", opens: ["b"]),
                NavFixture.panel("b", opens: ["c"]), NavFixture.panel("c")
            ] + pages)
    }

    /// A cube whose second face is a drill-down with a right placeholder that opens `more`.
    static func placeholderConfiguration() -> KioskConfiguration {
        var drill = NavFixture.drill("dd", root: "a")
        if case .drillDown(var spec) = drill.content {
            spec.rightPlaceholder = "hint"
            drill.content = .drillDown(spec)
        }
        return NavFixture.configuration(
            home: "cube",
            [
                NavFixture.cube("cube", ["x", "dd"]), NavFixture.panel("x"), drill,
                NavFixture.panel("a"), NavFixture.panel("hint", opens: ["more"]),
                NavFixture.panel("more")
            ])
    }

    @Test(
        "open of a page only a drill-down placeholder opens turns the cube to the drill-down and fills its right column beside the left page, as a tap on the placeholder does"
    )
    func throughPlaceholder() throws {
        let navigator = try Self.navigator(Self.placeholderConfiguration())
        #expect(navigator.routeFromHome(to: "more") == ["cube", "dd", "hint", "more"])
        #expect(navigator.reveal("more"), "\(navigator.lastRefusal ?? "")")
        navigator.advance(to: navigator.now + 5)
        #expect(navigator.activeNode.id == "more")
        #expect(navigator.state.entries["dd"] == .drillDown(left: ["a"], right: "more"))
        #expect(try #require(navigator.root as? CubeContainer).currentIndex == 1)
    }

    @Test(
        "open of a page only the schedule's page opens shows that page where the panel is, then opens the page from it: back goes to the schedule's page"
    )
    func throughSchedulePage() throws {
        var configuration = Self.stackHome(
            plus: [NavFixture.panel("closed", opens: ["info"]), NavFixture.panel("info")])
        configuration.settings.schedule = Schedule(rows: [
            ScheduleRow(days: [.sunday], sets: ScheduleSettings(open: "closed"))
        ])
        let navigator = try Self.navigator(configuration)
        #expect(navigator.routeFromHome(to: "info") == ["closed", "info"])
        #expect(navigator.reveal("info"), "\(navigator.lastRefusal ?? "")")
        navigator.advance(to: navigator.now + 5)
        #expect(navigator.activeNode.id == "info")
        #expect(navigator.state.entries["s"] == .stack(["a", "closed", "info"]))
        #expect(navigator.perform(.back))
        navigator.advance(to: navigator.now + 5)
        #expect(navigator.activeNode.id == "closed")
    }

    @Test(
        "a page home leads to keeps its chain from home even when the screensaver's page opens it in fewer steps"
    )
    func homeChainFirst() throws {
        var configuration = Self.stackHome(plus: [NavFixture.panel("attract", opens: ["c"])])
        configuration.settings.idle.screensaver = "attract"
        let navigator = try Self.navigator(configuration)
        #expect(navigator.routeFromHome(to: "c") == ["s", "a", "b", "c"])
        #expect(navigator.reveal("c"))
        navigator.advance(to: navigator.now + 5)
        #expect(navigator.state.entries["s"] == .stack(["a", "b", "c"]))
        #expect(navigator.routeFromHome(to: "attract") == ["attract"])
    }
}
