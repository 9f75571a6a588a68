import Foundation
import Testing

@testable import KioskConfig
import KioskCore

@Suite("Fuzzing the loader")
struct FuzzTests {
    /// The shipped demo, read into memory once.
    static let demo: [String: [UInt8]] = {
        let root = DemoConfigTests.directory
        var files: [String: [UInt8]] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: root + "/" + path),
                !path.hasSuffix("/")
            {
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(
                    atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue
                {
                    files[path] = [UInt8](data)
                }
            }
        }
        return files
    }()

    static let small: [String: [UInt8]] = [
        "kiosk.toml": Array("home = \"home\"\n".utf8),
        "pages/home.toml": Array(
            "type = \"panel\"\n[[widget]]\ntype = \"title\"\ntext = \"x\"\n".utf8)
    ]

    static let tokens: [[UInt8]] = [
        "[", "]", "[[", "]]", "=", "\"", "\"\"\"", "'''", "{", "}", ",", ".", "\n", "#", "\\u0000",
        "\\", "inf",
        "nan", "-0", "1e999", "0x7fffffffffffffff", "true", "\u{FEFF}", "é", "\u{0}", "widget",
        "type = \"cube\"",
        "faces = [\"home\"]", "open = \"home\"", "root = \"explore\"", "\"\\u0000\" = 1",
        "[[widget.row]]"
    ].map { Array($0.utf8) }

    func check(_ files: [String: [UInt8]]) {
        let result = ConfigLoader.load(files: MemoryFiles(files: files))
        #expect((result.configuration == nil) == result.hasErrors)
        for diagnostic in result.diagnostics {
            #expect(!diagnostic.description.contains("\n"))
        }
    }

    @Test("random bytes as kiosk.toml and as a page never crash the loader")
    func randomBytes() {
        var rng = SplitMix64(seed: 20_240_601)
        for _ in 0..<3000 {
            let length = Int.random(in: 0...300, using: &rng)
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
            var files = Self.small
            files[Bool.random(using: &rng) ? "kiosk.toml" : "pages/home.toml"] = bytes
            check(files)
        }
    }

    @Test("random TOML-like text as a page never crashes the loader")
    func randomText() {
        var rng = SplitMix64(seed: 42)
        let alphabet = Array("[]{}=\"'#.,\n \t-_abz019+:\\".utf8)
        for _ in 0..<2000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...120, using: &rng) {
                if Int.random(in: 0..<8, using: &rng) == 0 {
                    bytes += Self.tokens.randomElement(using: &rng) ?? []
                } else {
                    bytes.append(alphabet.randomElement(using: &rng) ?? 32)
                }
            }
            var files = Self.small
            files["pages/home.toml"] = bytes
            check(files)
        }
    }

    @Test("random mutations of the demo config never crash the loader")
    func mutations() {
        mutate(Self.demo, seed: 1887, rounds: 700)
    }

    @Test("random mutations of a config using every page and widget type never crash the loader")
    func mutationsOfCompactConfig() {
        let keep = [
            "kiosk.toml", "pages/home.toml", "pages/status.toml", "pages/highlight.toml",
            "pages/explore.toml",
            "pages/menu.toml", "pages/settings.toml", "pages/about.toml", "pages/tour.toml"
        ]
        var files = Self.demo.filter { keep.contains($0.key) || $0.key.hasPrefix("images/") }
        files["pages/about.toml"] = Array(
            "type = \"tabs\"\npages = [\"tour\"]\n[transition]\ntype = \"glue\"\n".utf8)
        mutate(files, seed: 1902, rounds: 2000)
    }

    func mutate(_ base: [String: [UInt8]], seed: UInt64, rounds: Int) {
        var rng = SplitMix64(seed: seed)
        let names = base.keys.filter { $0.hasSuffix(".toml") }.sorted()
        for _ in 0..<rounds {
            var files = base
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                guard let name = names.randomElement(using: &rng), var bytes = files[name] else {
                    continue
                }
                let at = Int.random(in: 0...bytes.count, using: &rng)
                switch Int.random(in: 0..<5, using: &rng) {
                case 0 where at < bytes.count:
                    bytes[at] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &rng)
                case 1:
                    let end = min(bytes.count, at + Int.random(in: 1...40, using: &rng))
                    bytes.removeSubrange(at..<end)
                case 2:
                    bytes.insert(contentsOf: Self.tokens.randomElement(using: &rng) ?? [], at: at)
                case 3:
                    let end = min(bytes.count, at + Int.random(in: 1...80, using: &rng))
                    bytes.insert(
                        contentsOf: bytes[at..<end],
                        at: Int.random(in: 0...bytes.count, using: &rng))
                default:
                    files.removeValue(forKey: name)
                    continue
                }
                files[name] = bytes
            }
            check(files)
        }
    }

    @Test("deeply nested arrays and tables are refused, not recursed into")
    func deepNesting() {
        let deepArray =
            "x = " + String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
            + "\n"
        let deepTable =
            "x = " + String(repeating: "{a = ", count: 3000) + "1"
            + String(repeating: "}", count: 3000) + "\n"
        for text in [deepArray, deepTable, "type = \"cube\"\nfaces = " + deepArray.dropFirst(4)] {
            let result = loadMemory(["kiosk.toml": "home = \"home\"\n", "pages/home.toml": text])
            #expect(result.hasErrors)
        }
    }

    @Test("a key holding a NUL escape is reported, not trapped on")
    func nulKey() {
        let result = loadMemory([
            "kiosk.toml": "home = \"home\"\n\"a\\u0000b\" = 1\n",
            "pages/home.toml": "type = \"panel\"\n"
        ])
        #expect(result.hasErrors)
        #expect(result.diagnostics.first?.keyPath == "a")
    }
}
