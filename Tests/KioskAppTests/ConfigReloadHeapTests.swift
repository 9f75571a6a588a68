import Foundation
import Testing

/// Every reload of `run` loads the whole config folder; a panel does that for months. The load is
/// measured in its own process (`kiosk-fuzz --heap-per-load`, see HeapPerLoad), where nothing
/// else allocates meanwhile. What a load may leave: the empty root table TOMLKit allocates per
/// file parsed and has no way to delete (about 100 bytes each). Before issue 26's fix the demo
/// left 33 KiB a load (TOMLKit's scalar getters and `values` arrays, never freed).
@Suite struct ConfigReloadHeapTests {
    static let bytesPerFile = 256

    @Test(arguments: ["Config", "Tests/EndToEnd/Fixtures/kiosk"])
    func aLoadLeavesAtMostTheRootTables(folder relative: String) throws {
        let folder = AppFixture.packageDirectory + "/" + relative
        let fuzz = try #require(
            KioskShellBinary.path.map { ($0 as NSString).deletingLastPathComponent + "/kiosk-fuzz" }
        )
        try #require(
            FileManager.default.isExecutableFile(atPath: fuzz),
            "kiosk-fuzz is built beside kiosk-shell")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: fuzz)
        process.arguments = ["--heap-per-load", folder]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let perLoad = try #require(
            text.split(separator: " ").last.flatMap {
                Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }, "output: \(text)")
        let files = Self.tomlFiles(in: folder)
        #expect(files > 1)
        #expect(
            perLoad <= files * Self.bytesPerFile, "a load of \(files) files left \(perLoad) bytes")
    }

    static func tomlFiles(in folder: String) -> Int {
        let walker = FileManager.default.enumerator(atPath: folder)
        return (walker?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".toml") }.count
    }
}
