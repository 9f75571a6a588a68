import Foundation
import KioskRender
import Testing
import KioskTestSupport

/// Runs the built `kiosk-shell` binary. `swift test` builds every product of the package, so the
/// binary sits beside the test bundle in the same build folder (whatever `--build-path` says);
/// run from elsewhere without it, these tests are skipped with a message saying so.
@Suite(
    "kiosk-shell binary",
    .enabled(
        if: KioskShellBinary.path != nil,
        "kiosk-shell binary not found beside the test bundle; run `swift build` first"))
struct BinaryTests {
    @Test(
        "render --all on the demo config writes one PNG per page, 34 in all, at the requested size")
    func renderAll() throws {
        let out = AppFixture.temporaryDirectory() + "/pages"
        let run = try KioskShellBinary.run([
            "render", "--config", AppFixture.demoConfig, "--all", "--scale", "0.25", "--out", out
        ])
        #expect(run.status == 0, "\(run.error)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(files.count == 34)
        let pageFiles = try FileManager.default.contentsOfDirectory(
            atPath: AppFixture.demoConfig + "/pages"
        )
        .map { $0.replacingOccurrences(of: ".toml", with: ".png") }.sorted()
        #expect(files == pageFiles)
        #expect(run.output.split(separator: "\n").count == 34)
        let image = try ImageBuffer(pngPath: out + "/settings.png")
        #expect(image.width == 320 && image.height == 200)
    }

    @Test("render --page home mid-drag (--actions, --at 0.15) differs from the rest frame")
    func renderMidTurn() throws {
        let folder = AppFixture.temporaryDirectory()
        let common = [
            "render", "--config", AppFixture.demoConfig, "--page", "home", "--size", "1280x800",
            "--scale", "0.5"
        ]
        let rest = try KioskShellBinary.run(common + ["--out", folder + "/rest.png"])
        let turning = try KioskShellBinary.run(
            common + [
                "--actions", "drag 900,400 300,400 250ms", "--at", "0.15", "--out",
                folder + "/turning.png"
            ])
        #expect(rest.status == 0 && turning.status == 0, "\(rest.error)\(turning.error)")
        #expect(turning.output == folder + "/turning.png\n")
        let a = try ImageBuffer(pngPath: folder + "/rest.png")
        let b = try ImageBuffer(pngPath: folder + "/turning.png")
        #expect(a.width == 640 && b.width == 640 && a.height == 400 && b.height == 400)
        let (differing, _) = GoldenFolder.difference(a, b)
        #expect(differing > 640 * 400 / 4)
        // Settled after the same drag (no --at), the cube shows its second face: not the rest frame either.
        let settled = try KioskShellBinary.run(
            common + ["--actions", "drag 900,400 300,400 250ms", "--out", folder + "/settled.png"])
        #expect(settled.status == 0)
        let c = try ImageBuffer(pngPath: folder + "/settled.png")
        #expect(GoldenFolder.difference(a, c).0 > 640 * 400 / 4)
    }

    @Test(
        "check exits 0 on the demo config and 78 on a broken copy, naming the file and the unknown page"
    )
    func checkExitCodes() throws {
        let good = try KioskShellBinary.run(["check", "--config", AppFixture.demoConfig])
        #expect(good.status == 0)
        #expect(good.output.hasSuffix("OK: 34 pages, home \"home\"\n"))

        let copy = AppFixture.temporaryDirectory() + "/Config"
        try FileManager.default.copyItem(atPath: AppFixture.demoConfig, toPath: copy)
        let home = copy + "/pages/home.toml"
        let text = try String(contentsOfFile: home, encoding: .utf8)
            .replacingOccurrences(of: "\"explore\"", with: "\"explorer\"")
        try text.write(toFile: home, atomically: true, encoding: .utf8)
        let broken = try KioskShellBinary.run(["check", "--config", copy])
        #expect(broken.status == 78)
        #expect(broken.output.contains("home.toml"))
        #expect(broken.output.contains("unknown page \"explorer\""))

        let render = try KioskShellBinary.run([
            "render", "--config", copy, "--page", "home", "--out", copy + "/x.png"
        ])
        #expect(render.status == 78)
        #expect(!FileManager.default.fileExists(atPath: copy + "/x.png"))
    }

    @Test("render refuses an unknown page and a bad action script without writing a file")
    func renderRefusals() throws {
        let folder = AppFixture.temporaryDirectory()
        let unknown = try KioskShellBinary.run([
            "render", "--config", AppFixture.demoConfig, "--page", "nope", "--out",
            folder + "/a.png"
        ])
        #expect(unknown.status == 1)
        #expect(unknown.error.contains("no page \"nope\""))
        let bad = try KioskShellBinary.run(
            [
                "render", "--config", AppFixture.demoConfig, "--page", "home", "--actions",
                "spin 3", "--out", folder + "/b.png"
            ])
        #expect(bad.status == 1)
        #expect(bad.error.contains("actions: \"spin 3\": unknown step"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }
}

/// The `kiosk-shell` executable of the build that built these tests.
enum KioskShellBinary {
    static let path: String? = {
        var candidates: [String] = []
        // The test bundle's own folder: the same build folder as the binary.
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append((exe as NSString).deletingLastPathComponent + "/kiosk-shell")
        }
        candidates.append(AppFixture.packageDirectory + "/.build/debug/kiosk-shell")
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    struct Run {
        var status: Int32
        var output: String
        var error: String
    }

    static func run(_ arguments: [String]) throws -> Run {
        guard let path else { throw CocoaError(.fileNoSuchFile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        // stderr goes to a file, so a chatty child cannot block on a full pipe while stdout is read.
        let errPath = AppFixture.temporaryDirectory() + "/stderr"
        guard FileManager.default.createFile(atPath: errPath, contents: nil),
            let errFile = FileHandle(forWritingAtPath: errPath)
        else { throw CocoaError(.fileWriteUnknown) }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = errFile
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try errFile.close()
        let errData = FileManager.default.contents(atPath: errPath) ?? Data()
        return Run(
            status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
            error: String(decoding: errData, as: UTF8.self))
    }
}
