import Foundation
import KioskConfig
import KioskCore
import Testing

@Suite("[display] backend, connector and mode")
struct OutputSettingsTests {
    func load(_ kiosk: String) throws -> ConfigLoadResult { try loadWithHomePanel(kiosk) }

    @Test("the defaults: auto backend, first connector, preferred mode, Wayland input")
    func defaults() throws {
        let settings = try #require(try load("home = \"home\"\n").configuration).settings
        #expect(settings.output == OutputSettings())
        #expect(settings.input.source == .wayland)
    }

    @Test("backend, connector and mode are read; drm without [input] source reads libinput")
    func drmSettings() throws {
        let result = try load(
            "home = \"home\"\n[display]\nbackend = \"drm\"\nconnector = \"HDMI-A-1\"\nmode = \"1280x800@60\"\n"
        )
        let settings = try #require(result.configuration).settings
        #expect(
            settings.output
                == OutputSettings(
                    backend: .drm, connector: "HDMI-A-1",
                    mode: DisplayModeRequest(width: 1280, height: 800, refresh: 60)))
        #expect(settings.input.source == .libinput)
    }

    @Test(
        "vt_switching: off by default, true allows it, anything but a boolean is a one-line error")
    func vtSwitching() throws {
        let settings = try #require(try load("home = \"home\"\n").configuration).settings
        #expect(!settings.output.vtSwitching)
        let on = try #require(
            try load("home = \"home\"\n[display]\nvt_switching = true\n").configuration)
        #expect(on.settings.output.vtSwitching)
        let wrong = try load("home = \"home\"\n[display]\nvt_switching = \"yes\"\n")
        #expect(wrong.errors.map(\.description).count == 1)
        #expect(
            wrong.errors.first?.description.hasPrefix(
                "kiosk.toml:3:1: error: display.vt_switching:") == true)
    }

    @Test("drm with Wayland input is rejected in one line naming the fix")
    func drmWithWaylandInput() throws {
        for source in ["wayland", "both"] {
            let result = try load(
                "home = \"home\"\n[display]\nbackend = \"drm\"\n[input]\nsource = \"\(source)\"\n")
            #expect(result.configuration == nil)
            #expect(
                result.errors.map(\.description) == [
                    "kiosk.toml:5:1: error: input.source: [display] backend = \"drm\" has no compositor seat: set source = \"libinput\" (or remove it), or use backend = \"wayland\""
                ])
        }
        let libinput = try load(
            "home = \"home\"\n[display]\nbackend = \"drm\"\n[input]\nsource = \"libinput\"\n")
        #expect(libinput.errors.isEmpty)
    }

    @Test("a wrong backend or mode is an error with a hint; the display settings still pick drm")
    func wrongValues() throws {
        let backend = try load("home = \"home\"\n[display]\nbackend = \"dmr\"\n")
        #expect(
            backend.errors.map(\.description) == [
                "kiosk.toml:3:1: error: display.backend: unknown display backend \"dmr\"; did you mean 'drm'?"
            ])
        let mode = try load("home = \"home\"\n[display]\nbackend = \"drm\"\nmode = \"1280*800\"\n")
        #expect(
            mode.errors.map(\.description) == [
                "kiosk.toml:4:1: error: display.mode: expected a mode such as \"1280x800\" or \"1280x800@60\", found \"1280*800\""
            ])
        // The diagnostic page must reach the panel: it goes out through the backend asked for.
        #expect(mode.displaySettings?.output.backend == .drm)
        #expect(mode.displaySettings?.input.source == .libinput)
    }
}
