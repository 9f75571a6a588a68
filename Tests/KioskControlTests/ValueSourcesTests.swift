import Glibc
import KioskCore
import KioskPlatform
import Testing

@testable import KioskControl

/// Real files (inotify) and real programs feeding the store through a real loop.
@Suite("ValueSources")
struct ValueSourcesTests {
    @Test(
        "a JSON file is read at start and re-read when an editor replaces it; a broken edit keeps the last good value"
    )
    func jsonFile() throws {
        let folder = makeTemporaryFolder()
        defer { removeTree(folder) }
        writeFile(folder + "/board.json", #"{"trains": [{"delay": 1}]}"#)
        let loop = try EventLoop()
        let store = ValueStore(
            definitions: [
                ValueDefinition(
                    name: "delay", source: .file(path: folder + "/board.json", pollInterval: nil),
                    extraction: .json(try JSONPath("trains[0].delay")))
            ], now: MonotonicClock.now)
        let sources = ValueSources(loop: loop, store: store)
        try sources.start()
        #expect(store.value("delay")?.text == "1")
        writeFile(folder + "/board.json", #"{"trains": [{"delay": 7}]}"#)
        #expect(try run(loop, for: 10) { store.value("delay")?.text == "7" })
        writeFile(folder + "/board.json", #"{"trains": [{"delay": 8}"#)
        #expect(try run(loop, for: 10) { store.lastError("delay") != nil })
        #expect(store.value("delay")?.text == "7")
        #expect(store.lastError("delay") == .malformedJSON("unexpected end of input at byte 24"))
    }

    @Test("a missing file is reported once and the value appears when the file does")
    func missingFile() throws {
        let folder = makeTemporaryFolder()
        defer { removeTree(folder) }
        let loop = try EventLoop()
        let store = ValueStore(
            definitions: [
                ValueDefinition(
                    name: "count", source: .file(path: folder + "/count", pollInterval: nil))
            ],
            now: MonotonicClock.now)
        var errors: [String] = []
        store.onError = { errors.append("\($1)") }
        let sources = ValueSources(loop: loop, store: store)
        try sources.start()
        #expect(errors == ["cannot read \(folder)/count: No such file or directory"])
        writeFile(folder + "/count", "41\n")
        #expect(try run(loop, for: 10) { store.value("count")?.text == "41" })
    }

    @Test("a program's output is polled at its interval; a failing run keeps the last value")
    func program() throws {
        let folder = makeTemporaryFolder()
        defer { removeTree(folder) }
        writeFile(folder + "/n", "5")
        let loop = try EventLoop()
        let script =
            "n=$(cat \(folder)/n); [ \"$n\" = fail ] && { echo broken >&2; exit 2; }; echo \"$n $KIOSK_VALUE\""
        let store = ValueStore(
            definitions: [
                ValueDefinition(
                    name: "load",
                    source: .program(argv: ["/bin/sh", "-c", script], interval: 0.1, timeout: 10))
            ],
            now: MonotonicClock.now)
        let sources = ValueSources(loop: loop, store: store)
        try sources.start()
        #expect(try run(loop, for: 10) { store.value("load")?.text == "5 load" })
        writeFile(folder + "/n", "fail")
        #expect(try run(loop, for: 10) { store.lastError("load") != nil })
        #expect(store.lastError("load") == .source("/bin/sh: exit status 2: broken"))
        #expect(store.value("load")?.text == "5 load")
        writeFile(folder + "/n", "6")
        #expect(try run(loop, for: 10) { store.value("load")?.text == "6 load" })
    }

    @Test("a source that stops updating is marked stale by the loop's timer")
    func staleOnLoop() throws {
        let loop = try EventLoop()
        let store = ValueStore(
            definitions: [ValueDefinition(name: "x", source: .mqtt(topic: "a/b"), staleAfter: 0.2)],
            now: MonotonicClock.now)
        let sources = ValueSources(loop: loop, store: store)
        try sources.start()
        #expect(sources.mqttTopics == ["a/b"])
        sources.deliver(topic: "a/b", payload: Array("1".utf8))
        #expect(store.value("x") == LiveValue(text: "1"))
        #expect(try run(loop, for: 10) { store.value("x")?.isStale == true })
    }
}
