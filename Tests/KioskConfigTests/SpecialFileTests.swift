import Foundation
import Testing

@testable import KioskConfig

/// FIFOs, sockets and odd symbolic links where config files or images are expected: `check`
/// must say what they are, without opening anything that could block.
@Suite("Special files")
struct SpecialFileTests {
    /// A fresh folder with a valid kiosk.toml and home page.
    static func folder(_ name: String) throws -> String {
        let path = NSTemporaryDirectory() + "kiosk-special-\(name)-\(getpid())"
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(
            atPath: path + "/pages", withIntermediateDirectories: true)
        try "home = \"home\"\n".write(
            toFile: path + "/kiosk.toml", atomically: true, encoding: .utf8)
        try "type = \"panel\"\n".write(
            toFile: path + "/pages/home.toml", atomically: true, encoding: .utf8)
        return path
    }

    @Test("a FIFO as a page file, kiosk.toml or image is refused by name, without blocking")
    func fifos() throws {
        let path = try Self.folder("fifo")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(mkfifo(path + "/pages/pipe.toml", 0o644) == 0)
        #expect(mkfifo(path + "/picture.png", 0o644) == 0)
        try """
        type = "panel"
        [[widget]]
        type = "image"
        path = "picture.png"
        """.write(toFile: path + "/pages/home.toml", atomically: true, encoding: .utf8)
        let started = Date()
        let result = ConfigLoader.load(directory: path)
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(
            result.diagnostics.map(\.description) == [
                "pages/home.toml:4:1: error: widget[1].path: image is a FIFO (named pipe), not a regular file: picture.png",
                "pages/pipe.toml: error: is a FIFO (named pipe), not a regular file, expected a page file"
            ])

        try FileManager.default.removeItem(atPath: path + "/kiosk.toml")
        #expect(mkfifo(path + "/kiosk.toml", 0o644) == 0)
        let second = ConfigLoader.load(directory: path)
        #expect(
            second.diagnostics.first?.description
                == "kiosk.toml: error: is a FIFO (named pipe), not a regular file, expected a file")
    }

    @Test("a dangling symbolic link and a link loop say so, not 'is a folder' or 'not found'")
    func links() throws {
        let path = try Self.folder("links")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(symlink("nowhere.toml", path + "/pages/dangling.toml") == 0)
        #expect(symlink("loop.toml", path + "/pages/loop.toml") == 0)
        let result = ConfigLoader.load(directory: path)
        #expect(
            result.diagnostics.map(\.description) == [
                "pages/dangling.toml: error: is a symbolic link whose target does not exist, expected a page file",
                "pages/loop.toml: error: is a symbolic link loop, expected a page file"
            ])
    }

    @Test("reading a FIFO directly returns at once with what it is")
    func readFIFO() throws {
        let path = try Self.folder("read")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(mkfifo(path + "/pipe", 0o644) == 0)
        let files = DirectoryFiles(directory: path)
        #expect(
            files.read("pipe", limit: nil) == .failure(.notRegular(.special("FIFO (named pipe)"))))
        #expect(files.kind(of: "pipe") == .special("FIFO (named pipe)"))
    }
}
