import KioskCore
import Testing

@testable import KioskConfig

/// Issue 14: cube `sides`, `duration`, `perspective`, `start`; tabs `start`.
@Suite("Cube and tabs settings")
struct TurningSettingsTests {
    static let leaves = [
        "pages/a.toml": "type = \"panel\"\n", "pages/b.toml": "type = \"panel\"\n", "pages/c.toml": "type = \"panel\"\n",
    ]

    static func load(_ page: String, home: String = "x") -> ConfigLoadResult {
        var files = leaves
        files["kiosk.toml"] = "home = \"\(home)\"\n"
        files["pages/x.toml"] = page
        return loadMemory(files)
    }

    @Test("sides, duration, perspective and start reach the cube; start reaches the tabs")
    func keysReachTheSpecs() throws {
        let cube = Self.load(
            "type = \"cube\"\nfaces = [\"a\", \"b\", \"c\"]\nwrap = false\nsides = 4\nduration = 0.5\nperspective = 2\nstart = \"b\"\n")
        #expect(cube.diagnostics == [])
        #expect(cube.configuration?.pages["x"]?.content == .cube(CubeSpec(
            faces: ["a", "b", "c"], wraps: false, sides: 4, durationPerFace: 0.5, perspective: 2, start: "b")))
        let tabs = Self.load("type = \"tabs\"\npages = [\"a\", \"b\", \"c\"]\nstart = \"b\"\n")
        #expect(tabs.diagnostics == [])
        if case .tabs(let spec)? = tabs.configuration?.pages["x"]?.content {
            #expect(spec.start == "b")
        } else {
            Issue.record("not a tabs page")
        }
    }

    @Test("check refuses a start that is not a face, sides on a wrapping cube and a perspective out of range")
    func checkRefuses() {
        let badStart = Self.load("type = \"cube\"\nfaces = [\"a\", \"b\"]\nstart = \"zz\"\n")
        #expect(badStart.diagnostics.map(\.description) == [
            "pages/x.toml:3:1: error: start: \"zz\" is not one of the faces; expected one of a, b"
        ])
        #expect(badStart.configuration == nil)
        let wrapping = Self.load("type = \"cube\"\nfaces = [\"a\", \"b\"]\nsides = 4\n")
        #expect(wrapping.diagnostics.map(\.description) == [
            "pages/x.toml:3:1: error: sides: a wrapping cube has one side per face (2); set wrap = false to turn 2 faces on a 4-sided prism"
        ])
        let flat = Self.load("type = \"cube\"\nfaces = [\"a\", \"b\"]\nperspective = 9\n")
        #expect(flat.diagnostics.map(\.description) == [
            "pages/x.toml:3:1: error: perspective: must be between 0.25 and 4 (1 = default, larger = stronger), found 9"
        ])
        let tabs = Self.load("type = \"tabs\"\npages = [\"a\", \"b\"]\nstart = \"bb\"\n")
        #expect(tabs.diagnostics.map(\.description) == [
            "pages/x.toml:3:1: error: start: \"bb\" is not one of the pages; did you mean 'b'?"
        ])
    }
}
