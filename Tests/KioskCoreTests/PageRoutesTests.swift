import Testing

@testable import KioskCore

/// The one walk over the ways pages lead to each other (`PageRoutes`), as `check`, the
/// configuration and remote `open` use it.
@Suite("Page routes")
struct PageRoutesTests {
    /// home → menu → {plant, tour}; plant → departures; tour → departures; attract → promo.
    static let graph: [PageID: [PageID]] = [
        "home": ["menu"], "menu": ["plant", "tour"], "plant": ["departures"],
        "tour": ["departures", "ghost"], "departures": ["home"], "attract": ["promo", "plant"],
        "promo": [], "spare": ["home"]
    ]

    @Test("breadth-first from the roots: the chain has the fewest steps, the first found wins ties")
    func shortestChain() {
        let routes = PageRoutes(roots: ["home"]) { Self.graph[$0] }
        #expect(routes.route(to: "home") == ["home"])
        #expect(routes.route(to: "departures") == ["home", "menu", "plant", "departures"])
        #expect(routes.reachable == ["home", "menu", "plant", "tour", "departures"])
    }

    @Test(
        "extra roots lead only to what the roots do not reach; an id no page has is never reached"
    )
    func extraRootsComeAfter() {
        let routes = PageRoutes(roots: ["home"], extraRoots: ["attract", "nowhere"]) {
            Self.graph[$0]
        }
        // attract → plant is shorter than home's chain, but home's chain is the one a visitor takes.
        #expect(routes.route(to: "plant") == ["home", "menu", "plant"])
        #expect(routes.route(to: "promo") == ["attract", "promo"])
        #expect(routes.route(to: "ghost") == nil)
        #expect(routes.route(to: "nowhere") == nil)
        #expect(routes.route(to: "spare") == nil)
        #expect(!routes.reachable.contains("spare"))
    }

    @Test(
        "a configuration's pages are reached through faces, open rows, drill-down placeholders, the schedule's pages and the screensaver"
    )
    func configurationReach() {
        var drill = NavFixture.drill("dd", root: "a")
        if case .drillDown(var spec) = drill.content {
            spec.rightPlaceholder = "hint"
            drill.content = .drillDown(spec)
        }
        var configuration = NavFixture.configuration(
            home: "cube",
            [
                NavFixture.cube("cube", ["dd", "e"]), drill, NavFixture.panel("a"),
                NavFixture.panel("e", opens: ["f"]), NavFixture.panel("f"),
                NavFixture.panel("hint", opens: ["hint-more"]), NavFixture.panel("hint-more"),
                NavFixture.panel("closed", opens: ["closed-info"]),
                NavFixture.panel("closed-info"), NavFixture.panel("night"),
                NavFixture.panel("attract", opens: ["promo"]), NavFixture.panel("promo"),
                NavFixture.panel("spare")
            ])
        #expect(
            configuration.reachablePages() == ["cube", "dd", "a", "e", "f", "hint", "hint-more"])
        configuration.settings.idle.screensaver = "attract"
        configuration.settings.schedule = Schedule(rows: [
            ScheduleRow(days: [.saturday], sets: ScheduleSettings(open: "closed")),
            ScheduleRow(days: [.sunday], sets: ScheduleSettings(home: "night"))
        ])
        let reachable = configuration.reachablePages()
        for id in ["closed", "closed-info", "night", "attract", "promo", "hint-more"] {
            #expect(reachable.contains(PageID(id)), "\(id)")
        }
        #expect(!reachable.contains("spare"))
        #expect(
            configuration.routes().route(to: "hint-more") == ["cube", "dd", "hint", "hint-more"])
    }
}
