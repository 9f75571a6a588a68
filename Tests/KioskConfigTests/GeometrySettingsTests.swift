import Foundation
import KioskConfig
import KioskCore
import Testing

@Suite("Display and input geometry settings")
struct GeometrySettingsTests {
    func load(_ kiosk: String) throws -> ConfigLoadResult { try loadWithHomePanel(kiosk) }

    @Test("the rotated-panel fixture fills every geometry field")
    func rotatedPanel() throws {
        let dir = FixtureCase.root + "/valid/rotated-panel"
        let geometry = try #require(ConfigLoader.load(directory: dir).configuration).settings.input
            .geometry
        #expect(geometry.displayTransform == .rotated90)
        #expect(geometry.touchTransform == .normal)
        #expect(geometry.effectiveTouchTransform == .normal)
        #expect(geometry.calibration.matrix.values == [1.02, 0, -0.01, 0, 0.98, 0.015])
        #expect(geometry.seat == "seat1")
        #expect(geometry.devicePaths == ["/dev/input/by-path/platform-touch-event"])
        #expect(geometry.keymap == KeymapSettings(layout: "de", variant: "nodeadkeys"))
    }

    @Test("without the keys the panel is upright, touch follows it, seat0, no calibration")
    func defaults() throws {
        let result = try load("home = \"home\"\n")
        let settings = try #require(result.configuration).settings.input
        #expect(settings.source == .wayland)
        #expect(settings.geometry == InputGeometrySettings())
        #expect(settings.geometry.effectiveTouchTransform == .normal)
    }

    @Test(
        "touch_rotation = \"display\" follows the display rotation; weston spellings are accepted")
    func followDisplay() throws {
        let result = try load(
            "home = \"home\"\n[display]\nrotation = \"flipped-rotate-270\"\n[input]\ntouch_rotation = \"display\"\n"
        )
        let geometry = try #require(result.configuration).settings.input.geometry
        #expect(geometry.displayTransform == .flipped270)
        #expect(geometry.touchTransform == nil)
        #expect(geometry.effectiveTouchTransform == .flipped270)
    }

    @Test("a calibration with five values or a non-number names the problem")
    func calibrationShape() throws {
        let five = try load("home = \"home\"\n[input]\ncalibration = [1, 0, 0, 0, 1]\n")
        #expect(
            five.errors.map(\.description) == [
                "kiosk.toml:3:1: error: input.calibration: expected 6 numbers [a, b, c, d, e, f], found 5"
            ])
        let text = try load("home = \"home\"\n[input]\ncalibration = \"1 0 0 0 1 0\"\n")
        #expect(
            text.errors.map(\.description) == [
                "kiosk.toml:3:1: error: input.calibration: expected an array of 6 numbers [a, b, c, d, e, f], found a string"
            ])
        let word = try load("home = \"home\"\n[input]\ncalibration = [1, 0, 0, 0, \"one\", 0]\n")
        #expect(
            word.errors.map(\.description) == [
                "kiosk.toml:3:1: error: input.calibration[5]: expected a finite number, found a string"
            ])
    }
}
