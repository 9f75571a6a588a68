import Testing

@testable import KioskCore

@Suite("Stack and column headers")
struct StackHeaderTests {
    static let pages = [
        NavFixture.panel("a", opens: ["b"]), NavFixture.panel("b", opens: ["c"]),
        NavFixture.panel("c")
    ]

    static func headers(_ nav: Navigator) -> [String] {
        SceneText.contents(nav.scene()).filter { $0.hasPrefix("header") }
    }

    @Test(
        "a stack shows the top's title in a header above its page; the back button is labelled with the previous title"
    )
    func stackHeader() throws {
        let nav = try NavFixture.navigator(
            home: "s", Self.pages + [NavFixture.stack("s", root: "a", header: nil)])
        let scene = nav.scene()
        #expect(SceneText.contents(scene) == ["panel a", "header Title a"])
        #expect(SceneText.rect(scene.layers[0]) == Rect(x: 0, y: 64, width: 1280, height: 736))
        #expect(SceneText.rect(scene.layers[1]) == Rect(x: 0, y: 0, width: 1280, height: 64))
        nav.perform(.open("b"))
        nav.advance(to: 1)
        #expect(Self.headers(nav) == ["header Title b <Title a"])
    }

    @Test(
        "the back button pops; a tap on the title does nothing; the page below the header gets its taps"
    )
    func backButtonPops() throws {
        let nav = try NavFixture.navigator(
            home: "s", Self.pages + [NavFixture.stack("s", root: "a", header: nil)])
        // a's first row sits below the 64-px header.
        try NavFixture.play("tap 100,94; wait 1s", on: nav)
        #expect(nav.state.entries["s"] == .stack(["a", "b"]))
        try NavFixture.play("wait \(nav.now)s; tap 640,32; wait 1s", on: nav)
        #expect(nav.state.entries["s"] == .stack(["a", "b"]))
        try NavFixture.play("wait \(nav.now)s; tap 60,32; wait 1s", on: nav)
        #expect(nav.state.entries["s"] == .stack(["a"]))
        #expect(Self.headers(nav) == ["header Title a"])
    }

    @Test("during a push the destination's header fades in over the source's")
    func headerCrossfade() throws {
        let nav = try NavFixture.navigator(
            home: "s",
            Self.pages + [
                NavFixture.stack(
                    "s", root: "a", TransitionSpec(kind: .swipe, duration: 1), header: nil)
            ])
        nav.perform(.open("b"))
        nav.advance(to: 0.5)
        let layers = nav.scene().layers.filter {
            if case .chrome = $0.content { true } else { false }
        }
        #expect(layers.map(SceneText.content) == ["header Title a", "header Title b <Title a"])
        #expect(layers.map(\.opacity) == [1, 0.5])
    }

    @Test("header = false: the pages fill the stack and no header is drawn")
    func headerOff() throws {
        let nav = try NavFixture.navigator(
            home: "s", Self.pages + [NavFixture.stack("s", root: "a", header: false)])
        #expect(SceneText.contents(nav.scene()) == ["panel a"])
        #expect(SceneText.rect(nav.scene().layers[0]) == Rect(x: 0, y: 0, width: 1280, height: 800))
    }

    @Test(
        "a stack in a drill-down column leaves its header off; the column header shows its top and pops it first"
    )
    func stackInColumn() throws {
        let pages = [
            NavFixture.panel("a", opens: ["s"]), NavFixture.panel("b", opens: ["c"]),
            NavFixture.panel("c"),
            NavFixture.stack(
                "s", root: "b", TransitionSpec(kind: .swipe, duration: 0.4), header: nil),
            NavFixture.drill("dd", root: "a")
        ]
        let nav = try NavFixture.navigator(home: "dd", pages)
        try NavFixture.play("tap 100,100; wait 1s", on: nav)
        #expect(Self.headers(nav) == ["header Title a", "header Title b"])
        try NavFixture.play("wait \(nav.now)s; tap 700,94; wait 1s", on: nav)
        #expect(nav.state.entries["s"] == .stack(["b", "c"]))
        #expect(Self.headers(nav) == ["header Title a", "header Title c <Title b"])
        // The right column's back button (x 421 + 60) pops the stack, not the drill-down.
        try NavFixture.play("wait \(nav.now)s; tap 481,32; wait 1s", on: nav)
        #expect(nav.state.entries["s"] == .stack(["b"]))
        #expect(nav.state.entries["dd"] == .drillDown(left: ["a"], right: "s"))
    }

    @Test("a drill-down with header = false draws no column headers and its pages start at the top")
    func drillDownHeaderOff() throws {
        var drill = NavFixture.drill("dd", root: "a")
        if case .drillDown(var spec) = drill.content {
            spec.showsHeaders = false
            drill.content = .drillDown(spec)
        }
        let nav = try NavFixture.navigator(home: "dd", Self.pages + [drill])
        #expect(Self.headers(nav).isEmpty)
        let a = try #require(SceneText.layer(nav.scene(), "a"))
        #expect(SceneText.rect(a)?.minY == 0)
    }

    @Test(
        "a back button is a fingertip target: at least 48 px wide on any header and never wider than the header"
    )
    func backTargetSize() {
        for width in [48.0, 100, 240, 420, 800, 1920] {
            let back = ChromeMetrics.backButtonWidth(headerWidth: width)
            #expect(back >= 48 && back <= width)
        }
        #expect(ChromeMetrics.headerHeight >= 48)
    }
}

@Suite("Tab bar re-tap")
struct TabReTapTests {
    @Test(
        "re-tapping the selected tab pops its stack to the root; tapping another tab still switches"
    )
    func reTapPopsToRoot() throws {
        let pages = [
            NavFixture.panel("a", opens: ["b"]), NavFixture.panel("b", opens: ["c"]),
            NavFixture.panel("c"),
            NavFixture.panel("d"), NavFixture.stack("s", root: "a"),
            NavFixture.tabs("tabs", ["s", "d"])
        ]
        let nav = try NavFixture.navigator(home: "tabs", pages)
        try NavFixture.play("tap 100,30; wait 1s", on: nav)
        try NavFixture.play("wait \(nav.now)s; tap 100,30; wait 1s", on: nav)
        #expect(nav.state.entries["s"] == .stack(["a", "b", "c"]))
        // The bar is the bottom 72 px; the first cell is the left half.
        try NavFixture.play("wait \(nav.now)s; tap 300,760; wait 1s", on: nav)
        #expect(nav.state.entries["s"] == .stack(["a"]))
        #expect(nav.state.entries["tabs"] == .tabs(selected: "s"))
        try NavFixture.play("wait \(nav.now)s; tap 900,760; wait 1s", on: nav)
        #expect(nav.state.entries["tabs"] == .tabs(selected: "d"))
    }
}
