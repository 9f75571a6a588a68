import Testing

@testable import KioskCore

@Suite("NavigationTreeBuilder")
struct NavigationTreeBuilderTests {
    @Test("builds containers from page definitions and refuses a page inside itself")
    func build() throws {
        let pages: [PageID: PageDefinition] = [
            "home": PageDefinition(
                id: "home", title: "Home", content: .tabs(TabsSpec(pages: ["cube", "info"]))),
            "cube": PageDefinition(
                id: "cube", title: "Cube",
                content: .cube(CubeSpec(faces: ["info2", "loop"], wraps: false))),
            "info": PageDefinition(id: "info", title: "Info", content: .panel(Panel(widgets: []))),
            "info2": PageDefinition(
                id: "info2", title: "Info", content: .panel(Panel(widgets: []))),
            "loop": PageDefinition(
                id: "loop", title: "Loop", content: .stack(StackSpec(root: "cube")))
        ]
        let builder = NavigationTreeBuilder(pages: pages, size: Size(width: 1280, height: 800))
        #expect(throws: NavigationError.pageInOtherContainer("cube")) { try builder.build("home") }
        #expect(throws: NavigationError.unknownPage("nope")) { try builder.build("nope") }
        let info = try builder.build("info")
        #expect(info is PanelNode)
        var fixed = pages
        fixed["loop"] = PageDefinition(
            id: "loop", title: "Loop", content: .stack(StackSpec(root: "info3")))
        fixed["info3"] = PageDefinition(
            id: "info3", title: "Info", content: .panel(Panel(widgets: [])))
        let tree = try NavigationTreeBuilder(pages: fixed, size: Size(width: 1280, height: 800))
            .build("home")
        let tabs = try #require(tree as? any Container)
        let cube = try #require(tabs.pages.first as? CubeContainer)
        #expect(cube.width == 1280)
        #expect(!cube.wraps)
        #expect(cube.faces.map(\.id) == ["info2", "loop"])
        #expect(tabs.node(for: "info3")?.parent?.id == "loop")
        #expect(tabs.node(for: "info")?.parent?.id == "home")
    }
}
