import Foundation
import Testing

@testable import KioskConfig

/// The config folder as `run` and `check` read it (plain libc, no Foundation): its root is the
/// absolute path as written, with `.` and `..` folded, and a listing holds every entry by name.
@Suite("Config folder on disk")
struct DirectoryFilesTests {
    @Test("a relative folder is made absolute against the working directory and normalised")
    func relativeRoot() throws {
        let cwd = FileManager.default.currentDirectoryPath
        #expect(DirectoryFiles(directory: "Config").root == cwd + "/Config")
        #expect(DirectoryFiles(directory: "./a/../Config/").root == cwd + "/Config")
        #expect(
            DirectoryFiles(directory: "/etc//kiosk-shell/./pages/..").root == "/etc/kiosk-shell")
        #expect(DirectoryFiles(directory: "/").root == "/")
        #expect(DirectoryFiles(directory: "/").absolute("kiosk.toml") == "/kiosk.toml")
    }

    @Test("a listing names every entry, dotfiles too, sorted; a missing folder lists nothing")
    func listing() throws {
        let path = NSTemporaryDirectory() + "kiosk-list-\(getpid())"
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(
            atPath: path + "/pages/sub", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: path) }
        for name in ["b.toml", "a.toml", ".hidden.toml", "ümlaut.toml"] {
            try "".write(toFile: path + "/pages/" + name, atomically: true, encoding: .utf8)
        }
        let files = DirectoryFiles(directory: path)
        #expect(files.list("pages") == [".hidden.toml", "a.toml", "b.toml", "sub", "ümlaut.toml"])
        #expect(files.list("pages/sub") == [])
        #expect(files.list("nothing-here") == nil)
        #expect(files.list("pages/a.toml") == nil)
    }
}
