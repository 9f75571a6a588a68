import Foundation
import KioskCore
import Testing

@testable import KioskApp

@Suite("NavigationStore")
struct NavigationStoreTests {
    func scratch() throws -> String {
        let path = NSTemporaryDirectory() + "kiosk-store-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("state_file wins; \"\" disables; otherwise the first STATE_DIRECTORY folder; else none")
    func resolve() {
        let env: [String: String] = ["STATE_DIRECTORY": "/var/lib/kiosk-shell:/var/lib/other"]
        #expect(
            NavigationStore.resolve(setting: "/data/nav", environment: { env[$0] })?.path
                == "/data/nav")
        #expect(NavigationStore.resolve(setting: "", environment: { env[$0] }) == nil)
        #expect(
            NavigationStore.resolve(setting: nil, environment: { env[$0] })?.path
                == "/var/lib/kiosk-shell/navigation")
        #expect(NavigationStore.resolve(setting: nil, environment: { _ in nil }) == nil)
    }

    @Test("a saved state loads back equal")
    func roundTrip() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = NavigationStore(path: folder + "/navigation")
        #expect(store.load() == .none)
        let state = NavigationState(entries: [
            "home": .stack(["main", "detail"]), "cube": .cube(face: "engines")
        ])
        try store.save(state)
        #expect(store.load() == .state(state))
        let text = try String(contentsOfFile: folder + "/navigation", encoding: .utf8)
        #expect(text == "kiosk-navigation 1\ncube cube engines\nstack home main detail\n")
    }

    @Test("a corrupt file is unusable with a one-line reason naming it")
    func corrupt() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/navigation"
        try "garbage\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(
            NavigationStore(path: path).load()
                == .unusable("\(path): navigation state does not start with 'kiosk-navigation 1'"))
        try Data([0x6B, 0xFF, 0xFE]).write(to: URL(fileURLWithPath: path))
        #expect(NavigationStore(path: path).load() == .unusable("\(path): not UTF-8 text"))
        try Data(repeating: 0x41, count: NavigationStore.maximumSize + 1).write(
            to: URL(fileURLWithPath: path))
        #expect(
            NavigationStore(path: path).load()
                == .unusable("\(path): read \(path) failed: larger than 65536 bytes"))
    }
}
