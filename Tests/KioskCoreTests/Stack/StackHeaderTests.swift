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

    @Test(
        "during a push the two headers' words move as a pair: a quarter through, a's title slides left at half alpha and b's is not drawn yet"
    )
    func headerPair() throws {
        let nav = try NavFixture.navigator(
            home: "s",
            Self.pages + [
                NavFixture.stack(
                    "s", root: "a", TransitionSpec(kind: .swipe, duration: 1), header: nil)
            ])
        nav.perform(.open("b"))
        nav.advance(to: 0.25)
        let layers = nav.scene().layers.filter {
            if case .chrome = $0.content { true } else { false }
        }
        // b's chevron (a has none) fades in over the whole push; b's words in the second half.
        #expect(
            layers.map(SceneText.content) == [
                "header part bar", "header part chevron",
                "header part title(\"Title a\", besideBack: false)"
            ])
        #expect(layers.map(\.opacity) == [1, 0.25, 0.5])
        // 1280 wide: the words travel 240 px over the push; a quarter through, 60 px left.
        #expect(SceneText.rect(layers[2])?.minX == -60)
        nav.advance(to: 0.75)
        let later = nav.scene().layers.filter {
            if case .chrome(.headerPart(let part)) = $0.content { part != .bar } else { false }
        }
        #expect(
            later.map(SceneText.content) == [
                "header part chevron", "header part backLabel(\"Title a\")",
                "header part title(\"Title b\", besideBack: true)"
            ])
        #expect(later.map(\.opacity) == [0.75, 0.5, 0.5])
        #expect(SceneText.rect(later[2])?.minX == 60)
        nav.advance(to: 1)
        #expect(Self.headers(nav) == ["header Title b <Title a"])
    }

    @Test(
        "header words are never both readable: at every step of a push or pop at most one title and one back label show"
    )
    func neverBothReadable() {
        let lower = HeaderLine(title: "Lower", back: "Root")
        let upper = HeaderLine(title: "Upper", back: "Lower")
        for step in 0...200 {
            let q = Double(step) / 200
            let parts = HeaderMotion(lower: lower, upper: upper, progress: q).parts(width: 800)
            let titles = parts.filter { if case .title = $0.part { true } else { false } }
            let labels = parts.filter { if case .backLabel = $0.part { true } else { false } }
            #expect(titles.count <= 1 && labels.count <= 1, "at \(q): \(parts)")
            #expect(
                HeaderMotion.leavingAlpha(q) + HeaderMotion.arrivingAlpha(q) <= 1
                    && min(HeaderMotion.leavingAlpha(q), HeaderMotion.arrivingAlpha(q)) == 0)
            // The shared chevron never blinks.
            #expect(parts.contains { $0.part == .chevron && $0.alpha == 1 })
        }
    }

    @Test(
        "a pop plays the header pair backwards and a finger-driven pop follows the finger"
    )
    func popAndInteractivePop() throws {
        let stack = NavFixture.stack(
            "s", root: "a", TransitionSpec(kind: .swipe, duration: 1), header: nil)
        let nav = try NavFixture.navigator(home: "s", Self.pages + [stack])
        nav.perform(.open("b"))
        nav.advance(to: 0.25)
        let pushQuarter = SceneText.contents(nav.scene())
        let pushRects = nav.scene().layers.map(SceneText.rect)
        nav.advance(to: 2)
        nav.perform(.back)
        nav.advance(to: 2.75)
        #expect(SceneText.contents(nav.scene()) == pushQuarter)
        #expect(nav.scene().layers.map(SceneText.rect) == pushRects)

        let dragged = try NavFixture.navigator(home: "s", Self.pages + [stack])
        dragged.perform(.open("b"))
        dragged.advance(to: 2)
        let s = try #require((dragged.root as? ContainerNode)?.node(for: "s") as? TransitionStack)
        #expect(s.beginInteractivePop())
        s.updateInteractivePop(fraction: 0.75)
        #expect(SceneText.contents(dragged.scene()) == pushQuarter)
    }

    @Test(
        "a header over a cube names the face in view and changes with the turn; over tabs, the tab in view"
    )
    func headerNamesFaceInView() throws {
        let pages = [
            NavFixture.panel("a"), NavFixture.panel("b"), NavFixture.panel("c"),
            NavFixture.panel("d"),
            NavFixture.cube("cube", ["a", "b"]),
            NavFixture.tabs("tabs", ["c", "d"], TransitionSpec(kind: .fade, duration: 1)),
            NavFixture.stack("s", root: "cube", header: nil),
            NavFixture.stack("t", root: "tabs", header: nil)
        ]
        let nav = try NavFixture.navigator(home: "s", pages)
        #expect(Self.headers(nav) == ["header Title a"])
        nav.perform(.nextFace)
        nav.advance(to: 0.1)
        let turning = Self.headers(nav)
        #expect(turning.contains("header part title(\"Title a\", besideBack: false)"))
        #expect(!turning.contains("header part title(\"Title b\", besideBack: false)"))
        nav.advance(to: 1)
        #expect(Self.headers(nav) == ["header Title b"])

        let tabs = try NavFixture.navigator(home: "t", pages)
        #expect(Self.headers(tabs) == ["header Title c"])
        let t = try #require((tabs.root as? ContainerNode)?.node(for: "tabs") as? TabsContainer)
        try t.select(1)
        tabs.advance(to: 0.75)
        #expect(Self.headers(tabs).contains("header part title(\"Title d\", besideBack: false)"))
        tabs.advance(to: 2)
        #expect(Self.headers(tabs) == ["header Title d"])
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
