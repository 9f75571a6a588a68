import Foundation
import Testing

/// The command line as a technician meets it: version, typos, missing commands, option limits
/// and output paths, each answered in words with a non-zero exit where something is wrong.
@Suite(
    "kiosk-shell command line",
    .enabled(
        if: KioskShellBinary.path != nil, "kiosk-shell binary not found beside the test bundle"))
struct CommandLineTests {
    @Test("--version prints the version and exits 0")
    func version() throws {
        let run = try KioskShellBinary.run(["--version"])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("0."))
    }

    @Test(
        "a mistyped command gets a suggestion; bare kiosk-shell and help for an unknown command exit non-zero"
    )
    func mistypedCommands() throws {
        let typo = try KioskShellBinary.run(["chek", "--config", "Config"])
        #expect(typo.status != 0)
        #expect(typo.error.contains("unknown command 'chek'; did you mean 'check'?"))
        let bare = try KioskShellBinary.run([])
        #expect(bare.status != 0)
        #expect(bare.error.contains("no command given"))
        let help = try KioskShellBinary.run(["help", "nothing"])
        #expect(help.status != 0)
        #expect(help.error.contains("unknown command 'nothing'"))
        #expect(try KioskShellBinary.run(["help", "render"]).status == 0)
    }

    @Test("--size and --scale errors state the limits")
    func optionLimits() throws {
        let common = [
            "render", "--config", AppFixture.demoConfig, "--page", "home", "--out",
            AppFixture.temporaryDirectory() + "/x.png"
        ]
        let size = try KioskShellBinary.run(common + ["--size", "20000x10"])
        #expect(size.status != 0)
        #expect(size.error.contains("each side from 1 to 8192"))
        let scale = try KioskShellBinary.run(common + ["--scale", "1e300"])
        #expect(scale.status != 0)
        #expect(scale.error.contains("at most 8"))
        let product = try KioskShellBinary.run(common + ["--size", "8000x100", "--scale", "4"])
        #expect(product.error.contains("at most 16384 a side"))
    }

    @Test("--out into a missing folder, onto a folder, or --all onto a file is said in words")
    func outputPaths() throws {
        let folder = AppFixture.temporaryDirectory()
        let base = ["render", "--config", AppFixture.demoConfig, "--scale", "0.1"]
        let missing = try KioskShellBinary.run(
            base + ["--page", "home", "--out", folder + "/nowhere/home.png"])
        #expect(missing.status == 1)
        #expect(missing.error.contains("the folder \(folder)/nowhere does not exist"))
        let ontoFolder = try KioskShellBinary.run(base + ["--page", "home", "--out", folder])
        #expect(ontoFolder.error.contains("is a folder; give the PNG file to write"))
        _ = FileManager.default.createFile(atPath: folder + "/file", contents: Data())
        let ontoFile = try KioskShellBinary.run(base + ["--all", "--out", folder + "/file"])
        #expect(ontoFile.status == 1)
        #expect(
            ontoFile.error.contains(
                "is an existing file; --all writes one PNG per page into a folder"))
        #expect(!ontoFile.error.contains("NSCocoaErrorDomain"))
    }
}
