import Glibc
import Testing

@testable import KioskPlatform

func makeTemporaryFolder() -> String {
    var template = Array("/tmp/kiosk-test-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in
        mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
    }
    guard let made else { preconditionFailure("mkdtemp failed") }
    return made
}

/// Removes a scratch folder made by `makeTemporaryFolder` (one level of subfolders).
func removeTree(_ path: String) {
    precondition(path.hasPrefix("/tmp/kiosk-test-"), "only scratch folders")
    func entries(_ folder: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(folder + "/" + name) }
        }
        return names
    }
    for entry in entries(path) {
        if unlink(entry) != 0 {
            for inner in entries(entry) { unlink(inner) }
            rmdir(entry)
        }
    }
    rmdir(path)
}

func writeFile(_ path: String, _ text: String) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    precondition(fd >= 0)
    _ = text.withCString { write(fd, $0, strlen($0)) }
    close(fd)
}

func readFile(_ path: String) -> String? {
    (try? AtomicFile.read(path, limit: 1 << 20)).flatMap { $0 }.map {
        String(decoding: $0, as: UTF8.self)
    }
}

@Suite("AtomicFile")
struct AtomicFileTests {
    @Test("write replaces the file and leaves no temporary file behind")
    func replaces() throws {
        let folder = makeTemporaryFolder()
        defer { removeTree(folder) }
        let path = folder + "/navigation"
        writeFile(path, "old content that is longer")
        try AtomicFile.write(Array("new".utf8), to: path)
        #expect(readFile(path) == "new")
        let entries = try #require(try? listFolder(folder))
        #expect(entries == ["navigation"])
    }

    @Test("read of a missing file is nil; above the limit it throws")
    func readLimits() throws {
        let folder = makeTemporaryFolder()
        defer { removeTree(folder) }
        #expect(try AtomicFile.read(folder + "/missing", limit: 10) == nil)
        writeFile(folder + "/big", String(repeating: "x", count: 5000))
        #expect(throws: PlatformError.self) { try AtomicFile.read(folder + "/big", limit: 4096) }
        #expect(try AtomicFile.read(folder + "/big", limit: 5000)?.count == 5000)
    }

    @Test("writing into a missing folder throws a message naming the file")
    func missingFolder() {
        #expect(throws: PlatformError.self) {
            try AtomicFile.write([1], to: "/nonexistent-kiosk/state")
        }
        do {
            try AtomicFile.write([1], to: "/nonexistent-kiosk/state")
        } catch {
            #expect(error.description.hasPrefix("open /nonexistent-kiosk/state.tmp-"))
        }
    }

    func listFolder(_ path: String) throws -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}

@Suite("Backlight")
struct BacklightTests {
    @Test("bl_power is written 4 for off and 0 for on when the driver has it")
    func blPower() throws {
        let root = makeSysfsBacklight(["bl_power": "0\n", "brightness": "200\n"])
        defer { removeTree(root) }
        let light = Backlight(name: "panel", root: root)
        #expect(light.exists)
        try light.setPower(on: false)
        #expect(readFile(root + "/panel/bl_power") == "4\n")
        #expect(readFile(root + "/panel/brightness") == "200\n")
        try light.setPower(on: true)
        #expect(readFile(root + "/panel/bl_power") == "0\n")
    }

    @Test("without bl_power, brightness goes to 0 and back to the value it had")
    func brightness() throws {
        let root = makeSysfsBacklight(["brightness": "180\n", "max_brightness": "255\n"])
        defer { removeTree(root) }
        let light = Backlight(name: "panel", root: root)
        try light.setPower(on: false)
        #expect(readFile(root + "/panel/brightness") == "0\n")
        try light.setPower(on: true)
        #expect(readFile(root + "/panel/brightness") == "180\n")
    }

    @Test("a missing device does not exist and switching it throws")
    func missing() {
        let light = Backlight(name: "none", root: "/nonexistent-kiosk")
        #expect(!light.exists)
        #expect(throws: PlatformError.self) { try light.setPower(on: false) }
    }
}
