import Foundation
import KioskConfig
import Testing

/// Each folder under Fixtures/valid and Fixtures/invalid is a config folder with an
/// `expected.txt` holding the exact diagnostic lines the loader must print for it.
struct FixtureCase: CustomTestStringConvertible, Sendable {
    var group: String
    var name: String
    var path: String
    var testDescription: String { "\(group)/\(name)" }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures").path

    static func all(_ group: String) -> [FixtureCase] {
        let folder = root + "/" + group
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.sorted().map { FixtureCase(group: group, name: $0, path: folder + "/" + $0) }
    }

    var expected: [String] {
        let text =
            (try? String(contentsOfFile: path + "/expected.txt", encoding: .utf8))
            ?? "<no expected.txt>"
        return text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }
}

@Suite("Config fixtures")
struct FixtureTests {
    @Test(
        "a valid fixture loads and prints exactly its expected warnings",
        arguments: FixtureCase.all("valid"))
    func valid(_ fixture: FixtureCase) {
        let result = ConfigLoader.load(directory: fixture.path)
        #expect(result.diagnostics.map(\.description) == fixture.expected)
        #expect(result.configuration != nil)
        #expect(!result.hasErrors)
    }

    @Test(
        "an invalid fixture is refused with exactly its expected diagnostics",
        arguments: FixtureCase.all("invalid"))
    func invalid(_ fixture: FixtureCase) {
        let result = ConfigLoader.load(directory: fixture.path)
        #expect(result.diagnostics.map(\.description) == fixture.expected)
        #expect(result.configuration == nil)
        #expect(result.hasErrors)
    }

    @Test("there are at least 25 invalid fixtures")
    func enoughFixtures() {
        #expect(FixtureCase.all("invalid").count >= 25)
        #expect(FixtureCase.all("valid").count >= 2)
    }
}
