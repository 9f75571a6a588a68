import KioskCore

/// `[display] backend`, `connector` and `mode`, and the one rule tying the output to the input:
/// without a compositor there is no Wayland seat, so the DRM backend reads libinput only.
extension SettingsParser {
    static let outputKeys = ["backend", "connector", "mode", "wake_for", "vt_switching"]

    /// The output keys of `[display]` (the caller checked the key names).
    func output(_ display: TableReader, into output: inout OutputSettings) {
        if let backend = display.choice(
            "backend", OutputBackendChoice.self, what: "display backend")
        {
            output.backend = backend
        }
        if let connector = display.string("connector") { output.connector = connector }
        if let wakeFor = seconds(display, "wake_for") { output.wakeFor = wakeFor }
        if let vtSwitching = display.bool("vt_switching") { output.vtSwitching = vtSwitching }
        if let text = display.string("mode") {
            if let mode = DisplayModeRequest(parsing: text) {
                output.mode = mode
            } else {
                context.error(
                    display.keyPath("mode"),
                    "expected a mode such as \"1280x800\" or \"1280x800@60\", found \"\(text)\"")
            }
        }
    }

    /// With `backend = "drm"` touch and keys come from libinput: an absent `[input] source`
    /// means libinput, and one asking for the compositor's seat is an error (there is none).
    func checkInputSource(_ root: TableReader, into settings: inout KioskSettings) {
        guard settings.output.backend == .drm else { return }
        // Only a real table: a wrong `input` was reported once already.
        let input = root.value("input")?.table == nil ? nil : root.table("input")
        guard let input, input.has("source") else {
            settings.input.source = .libinput
            return
        }
        guard settings.input.source != .libinput, input.value("source")?.stringValue != nil else {
            return
        }
        context.error(
            input.keyPath("source"),
            "[display] backend = \"drm\" has no compositor seat: set source = \"libinput\" (or remove it), or use backend = \"wayland\""
        )
    }
}
