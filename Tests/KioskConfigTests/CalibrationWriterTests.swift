import Foundation
import KioskConfig
import KioskCore
import Testing

@Suite("Writing calibration into kiosk.toml")
struct CalibrationWriterTests {
    static let calibration = TouchCalibration(
        matrix: Affine2D(a: 1.1111111, b: 0, c: -0.0416667, d: 0, e: 1.0526316, f: -0.0350877))
    static let line = "calibration = [1.111111, 0, -0.041667, 0, 1.052632, -0.035088]"

    func update(_ text: String) throws -> String {
        try CalibrationWriter.updating(text, with: Self.calibration)
    }

    @Test("the line rounds to 6 decimals and writes whole numbers without a point")
    func line() {
        #expect(CalibrationWriter.line(for: Self.calibration) == Self.line)
        #expect(CalibrationWriter.line(for: .identity) == "calibration = [1, 0, 0, 0, 1, 0]")
    }

    @Test(
        "an existing key is replaced in place, its indentation and comment kept, even across lines")
    func replaces() throws {
        let text = """
            home = "home"

            [input]
            source = "libinput"   # direct
              calibration = [
                1, 0, 0,
                0, 1, 0,   # second row
              ]  # measured 2025
            seat = "seat0"

            """
        #expect(
            try update(text) == """
                home = "home"

                [input]
                source = "libinput"   # direct
                  \(Self.line) # measured 2025
                seat = "seat0"

                """)
    }

    @Test("without the key, the line goes under a commented-out default, else under the header")
    func inserts() throws {
        let commented =
            "[input]\n# source = \"wayland\"\n# calibration = [1, 0, 0, 0, 1, 0]\n# seat = \"seat0\"\n\n[idle]\nhome_after = 5\n"
        #expect(
            try update(commented)
                == "[input]\n# source = \"wayland\"\n# calibration = [1, 0, 0, 0, 1, 0]\n\(Self.line)\n# seat = \"seat0\"\n\n[idle]\nhome_after = 5\n"
        )
        let bare = "home = \"x\"\n[input]\nsource = \"both\"\n[input.keyboard]\ncalibration = 3\n"
        #expect(
            try update(bare)
                == "home = \"x\"\n[input]\n\(Self.line)\nsource = \"both\"\n[input.keyboard]\ncalibration = 3\n"
        )
    }

    @Test(
        "without [input] a section is appended, also after [input.keyboard] and without a final newline"
    )
    func appends() throws {
        #expect(
            try update("home = \"x\"\n[input.keyboard]\nlayout = \"de\"")
                == "home = \"x\"\n[input.keyboard]\nlayout = \"de\"\n\n[input]\n\(Self.line)\n")
        #expect(try update("") == "[input]\n\(Self.line)\n")
    }

    @Test("headers and keys inside multi-line strings and arrays are not taken for real ones")
    func multilineValues() throws {
        let text =
            "home = \"x\"\nnote = \"\"\"\n[input]\ncalibration = [0]\n\"\"\"\nmatrix = [\n[1, 2],\n]\n[input]\nseat = 'a[b'\n"
        #expect(
            try update(text)
                == "home = \"x\"\nnote = \"\"\"\n[input]\ncalibration = [0]\n\"\"\"\nmatrix = [\n[1, 2],\n]\n[input]\n\(Self.line)\nseat = 'a[b'\n"
        )
    }

    @Test("CRLF line endings stay CRLF")
    func crlf() throws {
        #expect(
            try update("home = \"x\"\r\n[input]\r\ncalibration = [1, 0, 0, 0, 1, 0]\r\n")
                == "home = \"x\"\r\n[input]\r\n\(Self.line)\r\n")
    }

    @Test("an inline input table or an unclosed array is refused with the line")
    func refuses() {
        #expect(throws: CalibrationWriteError.inputNotASection(line: 2)) {
            try update("home = \"x\"\ninput = { source = \"both\" }\n")
        }
        #expect(throws: CalibrationWriteError.unterminated(line: 3)) {
            try update("home = \"x\"\n[input]\ncalibration = [1, 0,\n")
        }
    }

    @Test(
        "the demo kiosk.toml keeps every other line, loads, and carries the new matrix; writing twice changes nothing more"
    )
    func demoConfig() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let original = try String(
            contentsOf: root.appendingPathComponent("Config/kiosk.toml"), encoding: .utf8)
        let updated = try update(original)
        var before = original.split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        let after = updated.split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        let inserted = try #require(after.firstIndex(of: Self.line))
        before.insert(Self.line, at: inserted)
        #expect(before == after)
        #expect(try update(updated) == updated)

        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "calwriter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("Config/pages"), to: dir.appendingPathComponent("pages")
        )
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("Config/images"),
            to: dir.appendingPathComponent("images"))
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("Config/data"), to: dir.appendingPathComponent("data"))
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("Config/lang"), to: dir.appendingPathComponent("lang"))
        try updated.write(
            to: dir.appendingPathComponent("kiosk.toml"), atomically: true, encoding: .utf8)
        let result = ConfigLoader.load(directory: dir.path)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let matrix = try #require(result.configuration).settings.input.geometry.calibration.matrix
        #expect(matrix.values == [1.111111, 0, -0.041667, 0, 1.052632, -0.035088])
    }
}
