import KioskCore
import Testing

@testable import KioskConfig

/// `[mqtt] screenshot_max_kib` and the config fingerprint the health report carries.
@Suite("Remote settings")
struct RemoteSettingsTests {
    let page = Array("type = \"panel\"\n".utf8)

    func load(mqtt: String) -> ConfigLoadResult {
        let kiosk = "home = \"home\"\n[mqtt]\nbroker = \"mqtt://127.0.0.1\"\n" + mqtt
        return ConfigLoader.load(
            files: MemoryFiles(files: ["kiosk.toml": Array(kiosk.utf8), "pages/home.toml": page]))
    }

    @Test("screenshot_max_kib defaults to 4096, takes a value in range and refuses one outside")
    func screenshotLimit() {
        #expect(load(mqtt: "").configuration?.settings.control.mqtt?.screenshotMaxKiB == 4096)
        #expect(
            load(mqtt: "screenshot_max_kib = 512\n").configuration?.settings.control.mqtt?
                .screenshotMaxKiB == 512)
        let refused = load(mqtt: "screenshot_max_kib = 2\n")
        #expect(refused.hasErrors)
        #expect(refused.errors.first?.file == "kiosk.toml")
        #expect(refused.errors.first?.message.contains("16") == true)
    }

    @Test("the fingerprint is 16 hex digits, the same for the same files, another after an edit")
    func fingerprint() {
        let files: [String: [UInt8]] = [
            "kiosk.toml": Array("home = \"home\"\n".utf8), "pages/home.toml": page
        ]
        let first = ConfigFingerprint.of(files: MemoryFiles(files: files))
        #expect(first.count == 16 && first.allSatisfy(\.isHexDigit))
        #expect(ConfigFingerprint.of(files: MemoryFiles(files: files)) == first)
        var edited = files
        edited["pages/home.toml"] = Array("type = \"panel\" \n".utf8)
        #expect(ConfigFingerprint.of(files: MemoryFiles(files: edited)) != first)
        // A file renamed is another config even with the same bytes.
        var renamed = files
        renamed["pages/home.toml"] = nil
        renamed["pages/start.toml"] = page
        #expect(ConfigFingerprint.of(files: MemoryFiles(files: renamed)) != first)
    }
}
