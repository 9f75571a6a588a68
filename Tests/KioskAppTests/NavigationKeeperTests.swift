import Foundation
import KioskCore
import Logging
import Testing

@testable import KioskApp

@Suite("NavigationKeeper")
struct NavigationKeeperTests {
    @Test(
        "at startup a saved state that partly fits keeps what fits (a reordered cube shows its saved page)"
    )
    func partialRestoreKeepsTheRest() throws {
        let folder = NSTemporaryDirectory() + "kiosk-keeper-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/navigation"
        try "kiosk-navigation 1\ncube cube b\nstack gone x y\n".write(
            toFile: path, atomically: false, encoding: .utf8)
        var pages: [PageID: PageDefinition] = [:]
        for id in ["a", "b", "c"] {
            pages[PageID(id)] = PageDefinition(
                id: PageID(id), title: id, content: .panel(Panel(widgets: [])))
        }
        pages["cube"] = PageDefinition(
            id: "cube", title: "cube", content: .cube(CubeSpec(faces: ["c", "a", "b"])))
        let configuration = KioskConfiguration(
            settings: KioskSettings(home: "cube", stateFile: path), pages: pages, directory: folder)
        let navigator = try Navigator(
            configuration: configuration, viewport: Size(width: 800, height: 480))
        let keeper = NavigationKeeper(log: Logger(label: "test"))
        keeper.use(configuration, environment: { _ in nil })
        #expect(keeper.restore(into: navigator) == ["cube"])
        #expect(navigator.activeNode.id == "b")
    }
}
