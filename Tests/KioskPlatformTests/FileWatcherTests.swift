import Glibc
import Testing

@testable import KioskPlatform

/// Real inotify on a scratch folder; the loop is stepped with short real timeouts, bounded.
@Suite("FileWatcher")
struct FileWatcherTests {
    /// Steps `loop` until `condition` or `seconds` pass.
    func run(_ loop: EventLoop, for seconds: Double, until condition: () -> Bool = { false }) throws
    {
        let end = MonotonicClock.now + seconds
        while MonotonicClock.now < end && !condition() {
            try loop.runOnce(timeout: max(0.001, end - MonotonicClock.now))
        }
    }

    @Test("a burst of writes and a rename give one callback after the quiet period")
    func debounced() throws {
        let folder = makeTemporaryFolder()
        defer { removeTree(folder) }
        mkdir(folder + "/pages", 0o755)
        let loop = try EventLoop()
        var calls = 0
        let watcher = try FileWatcher(
            loop: loop, paths: [folder, folder + "/pages"], debounce: 0.1,
            relevant: { $0.hasSuffix(".toml") },
            onChange: { calls += 1 })
        #expect(watcher.watchedPaths == [folder, folder + "/pages"])
        writeFile(folder + "/kiosk.toml", "home = \"a\"")
        writeFile(folder + "/pages/a.toml.new", "x")
        rename(folder + "/pages/a.toml.new", folder + "/pages/a.toml")
        writeFile(folder + "/pages/b.toml", "y")
        try run(loop, for: 0.05)
        #expect(calls == 0)
        try run(loop, for: 1, until: { calls > 0 })
        #expect(calls == 1)
        try run(loop, for: 0.2)
        #expect(calls == 1)
    }

    @Test("files that are not relevant (editor swap files) cause nothing")
    func irrelevant() throws {
        let folder = makeTemporaryFolder()
        defer { removeTree(folder) }
        let loop = try EventLoop()
        var calls = 0
        let watcher = try FileWatcher(
            loop: loop, paths: [folder], debounce: 0.05, relevant: { $0.hasSuffix(".toml") },
            onChange: { calls += 1 })
        writeFile(folder + "/.home.toml.swp", "x")
        writeFile(folder + "/4913", "x")
        try run(loop, for: 0.3)
        #expect(calls == 0)
        watcher.stop()
    }

    @Test("a deleted and recreated pages folder is watched again")
    func folderReplaced() throws {
        let folder = makeTemporaryFolder()
        defer { removeTree(folder) }
        mkdir(folder + "/pages", 0o755)
        let loop = try EventLoop()
        var calls = 0
        let watcher = try FileWatcher(
            loop: loop, paths: [folder, folder + "/pages"], debounce: 0.05, retry: 0.1,
            relevant: { $0.hasSuffix(".toml") }, onChange: { calls += 1 })
        removeTree(folder + "/pages")
        try run(loop, for: 1, until: { calls == 1 })
        #expect(calls == 1)
        #expect(watcher.watchedPaths == [folder])
        mkdir(folder + "/pages", 0o755)
        try run(loop, for: 1, until: { calls == 2 })
        #expect(calls == 2)
        #expect(watcher.watchedPaths == [folder, folder + "/pages"])
        writeFile(folder + "/pages/c.toml", "z")
        try run(loop, for: 1, until: { calls == 3 })
        #expect(calls == 3)
    }

    @Test("inotify records are split at their padded name lengths")
    func parsing() {
        var bytes: [UInt8] = []
        func record(_ wd: Int32, _ mask: UInt32, _ name: String, padded: Int) {
            withUnsafeBytes(of: wd) { bytes += $0 }
            withUnsafeBytes(of: mask) { bytes += $0 }
            withUnsafeBytes(of: UInt32(0)) { bytes += $0 }
            withUnsafeBytes(of: UInt32(padded)) { bytes += $0 }
            var name = Array(name.utf8)
            name += [UInt8](repeating: 0, count: padded - name.count)
            bytes += name
        }
        record(1, 0x8, "home.toml", padded: 16)
        record(2, 0x400, "", padded: 0)
        let events = FileWatcher.events(in: bytes[...])
        #expect(
            events == [
                FileWatcher.Event(watch: 1, mask: 0x8, name: "home.toml"),
                FileWatcher.Event(watch: 2, mask: 0x400, name: "")
            ])
    }
}
