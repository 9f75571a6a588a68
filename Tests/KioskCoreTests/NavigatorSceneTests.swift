import Testing

@testable import KioskCore

/// The Scene at rest of every container kind: which layers, in which order, at which rectangles.
@Suite("Navigator scene at rest")
struct NavigatorSceneTests {
    static let pages = [
        NavFixture.panel("a", opens: ["b", "c"]), NavFixture.panel("b", opens: ["c"]),
        NavFixture.panel("c"),
        NavFixture.panel("d")
    ]

    @Test("a panel is one layer filling the output, scaled by the output scale")
    func panelAtRest() throws {
        let nav = try NavFixture.navigator(home: "a", Self.pages, scale: 2)
        let scene = nav.scene()
        #expect(scene.outputSize == Size(width: 2560, height: 1600))
        #expect(scene.background == Theme.standard.background)
        #expect(scene.isAnimating == false)
        #expect(
            scene.layers == [
                SceneLayer(
                    content: .panel("a"), size: Size(width: 1280, height: 800),
                    transform: .scale(x: 2, y: 2))
            ])
    }

    @Test("a four-face cube at rest is its front face alone, identity times the output scale")
    func cubeAtRest() throws {
        let nav = try NavFixture.navigator(
            home: "cube", Self.pages + [NavFixture.cube("cube", ["a", "b", "c", "d"])], scale: 1.5)
        let scene = nav.scene()
        #expect(scene.outputSize == Size(width: 1920, height: 1200))
        #expect(scene.layers.count == 1)
        let layer = try #require(scene.layers.first)
        #expect(layer.content == .panel("a"))
        #expect(layer.size == Size(width: 1280, height: 800))
        #expect(layer.transform.isClose(to: .scale(x: 1.5, y: 1.5)))
        #expect(layer.opacity == 1 && layer.dim == 0 && layer.clip == nil)
    }

    @Test(
        "a drill-down at rest: divider, left column background, page, header; right placeholder and empty header"
    )
    func drillDownAtRest() throws {
        let nav = try NavFixture.navigator(
            home: "dd", Self.pages + [NavFixture.drill("dd", root: "a")])
        let scene = nav.scene()
        #expect(
            SceneText.contents(scene) == [
                "solid \(Theme.standard.divider)",
                "solid \(Theme.standard.background)", "panel a", "header Title a",
                "solid \(Theme.standard.background)", "header "
            ])
        #expect(
            scene.layers.map(SceneText.rect) == [
                Rect(x: 0, y: 0, width: 1280, height: 800),
                Rect(x: 0, y: 0, width: 420, height: 800),
                Rect(x: 0, y: 64, width: 420, height: 736),
                Rect(x: 0, y: 0, width: 420, height: 64),
                Rect(x: 421, y: 0, width: 859, height: 800),
                Rect(x: 421, y: 0, width: 859, height: 64)
            ])
        let leftClip = Rect(x: 0, y: 0, width: 420, height: 800)
        let rightClip = Rect(x: 421, y: 0, width: 859, height: 800)
        #expect(
            scene.layers.map(\.clip) == [nil, leftClip, leftClip, leftClip, rightClip, rightClip])
    }

    @Test(
        "a drill-down with two pages shows the second in the right column at 421..1280, headers without a back chevron"
    )
    func drillDownTwoPages() throws {
        let nav = try NavFixture.navigator(
            home: "dd", Self.pages + [NavFixture.drill("dd", root: "a")], scale: 2)
        #expect(nav.perform(.open("b")))
        nav.advance(to: 1)
        let scene = nav.scene()
        #expect(
            SceneText.contents(scene).suffix(3) == [
                "solid \(Theme.standard.background)", "panel b", "header Title b"
            ])
        let b = try #require(SceneText.layer(scene, "b"))
        // Output pixels: logical rect (421, 64, 859, 736) times 2.
        #expect(SceneText.rect(b) == Rect(x: 842, y: 128, width: 1718, height: 1472))
        #expect(b.size == Size(width: 859, height: 736))
        #expect(b.clip == Rect(x: 842, y: 0, width: 1718, height: 1600))
    }

    @Test("after a push onward the left header shows the back chevron")
    func drillDownBackChevron() throws {
        let nav = try NavFixture.navigator(
            home: "dd", Self.pages + [NavFixture.drill("dd", root: "a")])
        nav.perform(.open("b"))
        nav.advance(to: 1)
        nav.perform(.open("c"), from: nav.activeNode)
        nav.advance(to: 2)
        #expect(nav.state.entries["dd"] == .drillDown(left: ["a", "b"], right: "c"))
        let headers = SceneText.contents(nav.scene()).filter { $0.hasPrefix("header") }
        #expect(headers == ["header Title b <Title a", "header Title c"])
    }

    @Test("tabs at rest: the selected page above a 72-px tab bar, clipped to the content area")
    func tabsAtRest() throws {
        let nav = try NavFixture.navigator(
            home: "tabs", Self.pages + [NavFixture.tabs("tabs", ["a", "b", "c"])])
        let scene = nav.scene()
        #expect(SceneText.contents(scene) == ["panel a", "tabbar Title a,Title b,Title c @0"])
        #expect(
            scene.layers.map(SceneText.rect) == [
                Rect(x: 0, y: 0, width: 1280, height: 728),
                Rect(x: 0, y: 728, width: 1280, height: 72)
            ])
        #expect(scene.layers[0].clip == Rect(x: 0, y: 0, width: 1280, height: 728))
        #expect(scene.layers[1].clip == nil)
    }

    @Test(
        "a tap on the third tab fades to it; half-way the highlight is half-way from the first tab to the third and the middle tab is not lit"
    )
    func tabsSwitch() throws {
        let nav = try NavFixture.navigator(
            home: "tabs", Self.pages + [NavFixture.tabs("tabs", ["a", "b", "c"])])
        // The tap lifts at 0.05 s; the 0.25 s fade is half done at 0.175 s.
        try NavFixture.play("tap 1100,760", on: nav, until: 0.175)
        let scene = nav.scene()
        #expect(scene.isAnimating)
        #expect(SceneText.panels(scene) == ["a", "c"])
        guard case .chrome(.tabBar(let titles, let highlight)) = scene.layers[2].content else {
            Issue.record("no tab bar")
            return
        }
        #expect(titles == ["Title a", "Title b", "Title c"])
        #expect(highlight.from == 0 && highlight.to == 2 && abs(highlight.progress - 0.5) < 1e-9)
        #expect(highlight.nearness(of: 1) == 0)
        #expect(abs(highlight.nearness(of: 0) - 0.5) < 1e-9)
        let fadeOut = scene.layers[0].opacity
        let fadeIn = scene.layers[1].opacity
        #expect(abs(fadeOut - 0.5) < 1e-9 && abs(fadeIn - 0.5) < 1e-9)
        nav.advance(to: 1)
        #expect(
            SceneText.contents(nav.scene()) == ["panel c", "tabbar Title a,Title b,Title c @2"])
        #expect(nav.state.entries["tabs"] == .tabs(selected: "c"))
    }

    @Test("a stack at rest is its top page alone")
    func stackAtRest() throws {
        let nav = try NavFixture.navigator(
            home: "s", Self.pages + [NavFixture.stack("s", root: "a")])
        #expect(
            nav.scene().layers == [
                SceneLayer(
                    content: .panel("a"), size: Size(width: 1280, height: 800), transform: .identity
                )
            ])
        nav.perform(.open("b"))
        nav.advance(to: 1)
        #expect(SceneText.panels(nav.scene()) == ["b"])
        #expect(nav.scene().layers[0].transform.isClose(to: .identity))
    }
}
