import KioskCore
import KioskDRM
import Testing

@Suite("DRM output choice: connector and mode")
struct OutputChoiceTests {
    let hdmiOff = ConnectorInfo(id: 40, name: "HDMI-A-1", connected: false, modes: [])
    let panel = ConnectorInfo(
        id: 41, name: "DSI-1", connected: true,
        modes: [
            ModeInfo(width: 800, height: 480, refreshMillihertz: 59_940, preferred: true),
            ModeInfo(width: 1280, height: 800, refreshMillihertz: 50_000),
            ModeInfo(width: 1280, height: 800, refreshMillihertz: 60_000)
        ])
    let hdmi = ConnectorInfo(
        id: 42, name: "HDMI-A-2", connected: true,
        modes: [ModeInfo(width: 1920, height: 1080, refreshMillihertz: 60_000, preferred: true)])

    @Test("by default the first connected connector and its preferred mode")
    func defaultPick() throws {
        let pick = try OutputChoice.pick(from: [hdmiOff, panel, hdmi], connector: nil, mode: nil)
        #expect(pick.connector.name == "DSI-1")
        #expect(pick.mode.description == "800x480@60")
    }

    @Test("a named connector wins over the order")
    func namedConnector() throws {
        let pick = try OutputChoice.pick(from: [panel, hdmi], connector: "HDMI-A-2", mode: nil)
        #expect(pick.connector.id == 42)
    }

    @Test("a size without refresh takes the fastest of that size; with refresh the one asked for")
    func modeBySize() throws {
        let fastest = try OutputChoice.pick(
            from: [panel], connector: nil, mode: DisplayModeRequest(width: 1280, height: 800))
        #expect(fastest.mode.refreshMillihertz == 60_000)
        let slow = try OutputChoice.pick(
            from: [panel], connector: nil,
            mode: DisplayModeRequest(width: 1280, height: 800, refresh: 50))
        #expect(slow.mode.refreshMillihertz == 50_000)
    }

    @Test("a mode only another connector offers moves the choice there")
    func modeOnAnotherConnector() throws {
        let pick = try OutputChoice.pick(
            from: [panel, hdmi], connector: nil, mode: DisplayModeRequest(width: 1920, height: 1080)
        )
        #expect(pick.connector.name == "HDMI-A-2")
    }

    @Test("missing, disconnected and mode-less choices are one-line errors naming what exists")
    func errors() {
        #expect(
            throws: DRMError(
                "[display] connector \"DP-1\" does not exist; the card has HDMI-A-1, DSI-1")
        ) {
            try OutputChoice.pick(from: [hdmiOff, panel], connector: "DP-1", mode: nil)
        }
        #expect(throws: DRMError("[display] connector \"HDMI-A-1\" has no display attached")) {
            try OutputChoice.pick(from: [hdmiOff, panel], connector: "HDMI-A-1", mode: nil)
        }
        #expect(throws: DRMError("no connector has a display attached (HDMI-A-1)")) {
            try OutputChoice.pick(from: [hdmiOff], connector: nil, mode: nil)
        }
        #expect(
            throws: DRMError(
                "[display] mode 1024x768@75 is not offered by DSI-1 (it offers 1280x800@50, 1280x800@60, 800x480@60)"
            )
        ) {
            try OutputChoice.pick(
                from: [panel], connector: nil,
                mode: DisplayModeRequest(width: 1024, height: 768, refresh: 75))
        }
    }
}

@Suite("Display mode and backend choice")
struct DisplayModeRequestTests {
    @Test("WIDTHxHEIGHT and WIDTHxHEIGHT@HZ parse; anything else does not")
    func parsing() {
        #expect(
            DisplayModeRequest(parsing: "1280x800") == DisplayModeRequest(width: 1280, height: 800))
        #expect(
            DisplayModeRequest(parsing: "800x480@60")
                == DisplayModeRequest(width: 800, height: 480, refresh: 60))
        for bad in [
            "", "1280", "1280x", "x800", "1280x800@", "1280x800@60@1", "-1x800", "1280 x 800",
            "0x800", "99999x1", "1e3x800", "1280X800"
        ] {
            #expect(DisplayModeRequest(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test("auto means Wayland with a WAYLAND_DISPLAY, DRM without one; explicit choices stay")
    func backendResolution() {
        #expect(OutputBackendChoice.auto.resolved(waylandDisplay: "wayland-0") == .wayland)
        #expect(OutputBackendChoice.auto.resolved(waylandDisplay: nil) == .drm)
        #expect(OutputBackendChoice.auto.resolved(waylandDisplay: "") == .drm)
        #expect(OutputBackendChoice.drm.resolved(waylandDisplay: "wayland-0") == .drm)
        #expect(OutputBackendChoice.wayland.resolved(waylandDisplay: nil) == .wayland)
    }
}
