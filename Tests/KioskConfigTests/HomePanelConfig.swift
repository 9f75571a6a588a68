import Foundation
import KioskConfig

/// Loads a config folder made of `kiosk` as kiosk.toml and one panel page, "home" (settings tests).
func loadWithHomePanel(_ kiosk: String) throws -> ConfigLoadResult {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
        "settings-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
        at: dir.appendingPathComponent("pages"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    try kiosk.write(to: dir.appendingPathComponent("kiosk.toml"), atomically: true, encoding: .utf8)
    try "type = \"panel\"\ntitle = \"Home\"\n".write(
        to: dir.appendingPathComponent("pages/home.toml"), atomically: true, encoding: .utf8)
    return ConfigLoader.load(directory: dir.path)
}
