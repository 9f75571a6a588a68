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
