import KioskConfig
import KioskCore
import Testing

@Suite("[idle] backlight and state_file")
struct IdleStateSettingsTests {
    @Test("backlight and state_file are read into the settings")
    func readsBoth() throws {
        let result = ConfigLoader.load(
            directory: FixtureCase.root + "/valid/idle-backlight-and-state")
        let settings = try #require(result.configuration?.settings)
        #expect(
            settings.idle
                == IdleSettings(homeAfter: 30, blankAfter: 300, backlight: "rpi_backlight"))
        #expect(settings.stateFile == "/var/lib/kiosk-shell/navigation")
    }

    @Test("without the keys there is no backlight and the state file is the default (nil)")
    func defaults() throws {
        let result = ConfigLoader.load(directory: FixtureCase.root + "/valid/minimal")
        let settings = try #require(result.configuration?.settings)
        #expect(settings.idle.backlight == nil)
        #expect(settings.stateFile == nil)
    }

    @Test(
        "[idle] screensaver is read with screensaver_after at its 300 s default, and its page counts as shown"
    )
    func screensaver() throws {
        let result = ConfigLoader.load(directory: FixtureCase.root + "/valid/screensaver")
        let settings = try #require(result.configuration?.settings)
        #expect(settings.idle.screensaver == "attract")
        #expect(settings.idle.screensaverAfter == 300)
        #expect(result.warnings.isEmpty)
    }
}
