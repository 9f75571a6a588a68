import Foundation
import KioskConfig
import KioskCore
import Testing

@Suite("Shipped demo config")
struct DemoConfigTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Config").path

    @Test("Config/ loads with no errors and no warnings")
    func loadsClean() {
        let result = ConfigLoader.load(directory: Self.directory)
        #expect(result.diagnostics.map(\.description) == [])
        #expect(result.configuration != nil)
    }
}

extension DemoConfigTests {
    @Test("the demo uses every page type, every widget type and every action")
    func coversEverything() throws {
        let configuration = try #require(ConfigLoader.load(directory: Self.directory).configuration)
        #expect(configuration.settings.home == "home")
        #expect(configuration.page("home")?.content == .cube(CubeSpec(faces: ["status", "highlight", "explore", "about"])))
        let pageTypes = Set(configuration.pages.values.map(\.content.typeName))
        #expect(pageTypes == ["panel", "cube", "drilldown", "stack", "tabs"])
        var widgetTypes: Set<String> = []
        var actions: Set<String> = []
        for page in configuration.pages.values {
            guard case .panel(let panel) = page.content else { continue }
            for widget in panel.widgets {
                widgetTypes.insert(widget.typeName)
                if case .grid(let grid) = widget { actions.formUnion(grid.tiles.compactMap { $0.action.map(Self.kind) }) }
                if case .list(let list) = widget { actions.formUnion(list.rows.compactMap { $0.action.map(Self.kind) }) }
            }
        }
        #expect(widgetTypes == ["title", "text", "image", "list", "grid", "clock", "keyvalue", "file", "spacer"])
        #expect(actions == ["open", "back", "home", "next", "previous"])
        #expect(configuration.reachablePages().count == configuration.pages.count)
    }

    static func kind(_ action: Action) -> String {
        if action.openedPage != nil { return "open" }
        return action.description
    }

    @Test("the demo shows a 2-face card flip and a tile with its own transition")
    func showsCardAndOwnTransition() throws {
        let configuration = try #require(ConfigLoader.load(directory: Self.directory).configuration)
        #expect(configuration.page("engine-card")?.content == .cube(CubeSpec(
            faces: ["engine-front", "engine-back"], wraps: false, durationPerFace: 0.4)))
        guard case .panel(let menu)? = configuration.page("menu")?.content else {
            Issue.record("no menu panel")
            return
        }
        let actions = menu.widgets.flatMap { widget -> [Action] in
            if case .grid(let grid) = widget { return grid.tiles.compactMap(\.action) }
            return []
        }
        #expect(actions.contains(.openWith(
            "engine-card", ActionTransition(push: TransitionOverride(kind: .flip), back: TransitionOverride(kind: .fade)))))
    }
}
