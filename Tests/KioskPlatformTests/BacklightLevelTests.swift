import Glibc
import Testing
@testable import KioskPlatform

@Suite("Backlight levels")
struct BacklightLevelTests {
    @Test("a percent is max_brightness scaled and rounded, never 0 unless 0 is asked for")
    func levels() {
        #expect(Backlight.level(percent: 100, maximum: 255) == 255)
        #expect(Backlight.level(percent: 30, maximum: 255) == 77)
        #expect(Backlight.level(percent: 1, maximum: 7) == 1)
        #expect(Backlight.level(percent: 0, maximum: 255) == 0)
        #expect(Backlight.level(percent: 150, maximum: 10) == 10)
    }

    @Test("setLevel writes the scaled brightness and switches bl_power on for a lit level")
    func writes() throws {
        let root = makeSysfsBacklight([
            "bl_power": "4\n", "brightness": "0\n", "max_brightness": "1023\n"
        ])
        defer { removeTree(root) }
        let light = Backlight(name: "panel", root: root)
        try light.setLevel(percent: 30)
        #expect(readFile(root + "/panel/brightness") == "307\n")
        #expect(readFile(root + "/panel/bl_power") == "0\n")
        try light.setLevel(percent: 0)
        #expect(readFile(root + "/panel/brightness") == "0\n")
    }

    @Test("without a readable max_brightness setLevel throws instead of guessing")
    func noMaximum() {
        let root = makeSysfsBacklight(["brightness": "5\n"])
        defer { removeTree(root) }
        let light = Backlight(name: "panel", root: root)
        #expect(throws: PlatformError.self) { try light.setLevel(percent: 50) }
        #expect(readFile(root + "/panel/brightness") == "5\n")
    }
}
