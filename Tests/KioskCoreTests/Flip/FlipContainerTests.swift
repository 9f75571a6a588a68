import Testing

@testable import KioskCore

/// A container written outside KioskCore works through the `Container` protocol alone: built,
/// laid out, hit-tested, drawn, driven by actions and saved like the four of the shell.
@Suite("A fifth container through the protocol")
struct FlipContainerTests {
    static let registry = ContainerRegistry.standard.adding(.flip)

    /// A flip card with panel `a` (a row opening `cube`) in front and a cube of `c`, `d` at the back.
    static func navigator() throws -> (Navigator, FlipContainer) {
        let configuration = NavFixture.configuration(
            home: "a",
            [
                NavFixture.panel("a", opens: ["cube"]), NavFixture.panel("c"),
                NavFixture.panel("d"),
                NavFixture.cube("cube", ["c", "d"])
            ])
        let builder = NavigationTreeBuilder(
            pages: configuration.pages, size: NavFixture.viewport, containers: registry)
        let card = FlipContainer(
            id: "card", front: try builder.build("a"), back: try builder.build("cube"))
        let nav = Navigator(
            configuration: configuration, viewport: NavFixture.viewport, root: card,
            panels: FakePanels(rows: NavFixture.targets(configuration)), containers: registry)
        return (nav, card)
    }

    @Test("it is shown and drawn: its own layer under its front page, filling the viewport")
    func drawn() throws {
        let (nav, card) = try Self.navigator()
        #expect(card.appearance == .appeared)
        #expect(card.front.appearance == .appeared)
        #expect(card.back.appearance == .disappeared)
        let scene = nav.scene()
        #expect(
            SceneText.contents(scene) == [
                "solid \(nav.configuration.settings.theme.surface)", "panel a"
            ])
        #expect(
            scene.layers.allSatisfy {
                SceneText.rect($0) == Rect(x: 0, y: 0, width: 1280, height: 800)
            })
        #expect(nav.activeNode.id == "a")
        #expect(nav.frame(of: card.front) == Rect(x: 0, y: 0, width: 1280, height: 800))
    }

    @Test(
        "a horizontal swipe turns it over; then the cube on its back takes the swipe, innermost first"
    )
    func touches() throws {
        let (nav, card) = try Self.navigator()
        try NavFixture.play("drag 900,400 700,400 200ms", on: nav)
        #expect(card.showsBack)
        #expect(nav.activeNode.id == "c")
        #expect(SceneText.panels(nav.scene()) == ["c"])
        try NavFixture.play("wait \(nav.now)s; drag 900,400 300,400 200ms", on: nav)
        #expect(card.showsBack)
        #expect(nav.activeNode.id == "d")
        #expect(card.currentChild?.id == "cube")
    }

    @Test(
        "a tap on a row opening the page on its other side turns it over; open of its front turns it back"
    )
    func tapOpens() throws {
        let (nav, card) = try Self.navigator()
        try NavFixture.play("tap 640,30", on: nav)
        #expect(card.showsBack)
        #expect(nav.perform(.open("a")))
        #expect(!card.showsBack)
    }

    @Test(
        "actions: next and previous turn it over from its front, the cube on its back takes them there; home shows the front"
    )
    func actions() throws {
        let (nav, card) = try Self.navigator()
        #expect(nav.perform(.nextFace))
        #expect(card.showsBack)
        #expect(nav.perform(.nextFace))
        nav.advance(to: 2)
        #expect(card.showsBack)
        #expect(nav.activeNode.id == "d")
        #expect(nav.perform(.back) == false)
        #expect(nav.perform(.home))
        nav.advance(to: 4)
        #expect(!card.showsBack)
        #expect(nav.activeNode.id == "a")
        #expect(nav.perform(.home) == false)
    }

    @Test(
        "its state is saved with the others', read back with its kind registered, skipped without")
    func state() throws {
        let (nav, _) = try Self.navigator()
        nav.perform(.nextFace)
        nav.perform(.nextFace)
        nav.advance(to: 2)
        let text = nav.state.text
        #expect(text == "kiosk-navigation 1\nflip card back\ncube cube d\n")
        let read = try NavigationState(text: text, containers: Self.registry)
        #expect(read == nav.state)
        #expect(try NavigationState(text: text).entries.keys.sorted() == ["cube"])

        let (fresh, card) = try Self.navigator()
        #expect(fresh.restore(read).sorted() == ["card", "cube"])
        #expect(card.showsBack)
        #expect(fresh.activeNode.id == "d")
        #expect(throws: NavigationStateError.malformedLine(2, "flip card sideways")) {
            try NavigationState(
                text: "kiosk-navigation 1\nflip card sideways\n", containers: Self.registry)
        }
    }

    @Test("turning it over sends the sides' appearance events, balanced")
    func lifecycle() throws {
        let (nav, card) = try Self.navigator()
        let recorder = LifecycleRecorder()
        nav.observer = recorder
        nav.perform(.nextFace)
        #expect(
            recorder.lines == [
                "cube willAppear", "c willAppear", "a willDisappear", "cube didAppear",
                "c didAppear", "a didDisappear"
            ])
        #expect(card.back.appearance == .appeared)
    }
}
