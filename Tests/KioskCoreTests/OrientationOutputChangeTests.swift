import KioskCore
import Testing

/// An output that turns (a configure with width and height swapped), changes size, or goes away
/// and comes back with a configure: the runner re-lays out through `Navigator.resize`, which must
/// keep the navigation (RPi-Distro/chromium #54, flutter-embedded-linux #410).
@Suite("Output changes keep the navigation")
struct OrientationOutputChangeTests {
    func configuration() -> KioskConfiguration {
        let panel = { (id: String) in
            PageDefinition(id: PageID(id), title: id, content: .panel(Panel(widgets: [])))
        }
        var pages: [PageID: PageDefinition] = [:]
        for id in ["a", "b", "c", "pushed"] { pages[PageID(id)] = panel(id) }
        pages[PageID("stack")] = PageDefinition(
            id: PageID("stack"), title: "Stack",
            content: .stack(StackSpec(root: PageID("b"), showsHeader: false)))
        pages[PageID("home")] = PageDefinition(
            id: PageID("home"), title: "Home",
            content: .cube(CubeSpec(faces: [PageID("a"), PageID("stack"), PageID("c")])))
        return KioskConfiguration(
            settings: KioskSettings(home: PageID("home")), pages: pages, directory: "/")
    }

    @Test("turned, resized, gone and back: the same page stays in view, laid out at the new size")
    func keepsPage() throws {
        let navigator = try Navigator(
            configuration: configuration(), viewport: Size(width: 1280, height: 800))
        navigator.advance(to: 1)
        #expect(navigator.perform(.nextFace))
        navigator.advance(to: 3)
        #expect(navigator.open(PageID("pushed")))
        navigator.advance(to: 5)
        #expect(navigator.activeNode.id == PageID("pushed"))
        let turned = DisplayTransform.rotated90.logicalSize(
            forNative: Size(width: 1280, height: 800))
        for size in [
            turned, Size(width: 1920, height: 1080), Size(width: 1, height: 1),
            Size(width: 1280, height: 800)
        ] {
            navigator.resize(viewport: size, scale: 1)
            navigator.advance(to: navigator.now + 1)
            #expect(navigator.activeNode.id == PageID("pushed"), "\(size)")
            #expect(navigator.viewport == size)
            let scene = navigator.scene()
            #expect(scene.outputSize == size)
            let top = try #require(
                scene.layers.last { if case .panel = $0.content { true } else { false } })
            #expect(top.content == .panel(PageID("pushed")))
            #expect(top.size == size)
        }
        #expect(navigator.perform(.back))
        navigator.advance(to: navigator.now + 2)
        #expect(navigator.activeNode.id == PageID("b"))
    }
}
