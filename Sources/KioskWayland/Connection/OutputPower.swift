import CWayland

// Ownership: an OutputPower owns its zwlr_output_power_v1 and destroys it in deinit (after
// switching the output on again); WaylandDisplay owns the manager and the OutputPower, and
// drops the OutputPower before the output it was made for.

private nonisolated(unsafe) let powerListener = UnsafeMutablePointer<
    zwlr_output_power_v1_listener
>
.permanent(
    zwlr_output_power_v1_listener(
        mode: { data, _, mode in
            callbackOwner(data, as: OutputPower.self).reported(on: mode != 0)
        },
        failed: { data, _ in callbackOwner(data, as: OutputPower.self).failed() }))

/// One output's power through the compositor (wlr-output-power-management, offered by sway and
/// cage): off powers the output down (DPMS) rather than showing a black window on a lit panel.
final class OutputPower {
    private var proxy: OpaquePointer?
    /// The output this controls (its wl_output proxy).
    let output: OpaquePointer
    /// What the compositor last reported (nil until its first `mode` event).
    private(set) var reportedOn: Bool?
    /// What we asked for last.
    private var wantedOn = true
    /// The compositor said this control is no longer valid (another client holds it, the
    /// output has no power control or went away).
    var hasFailed: Bool { proxy == nil }

    init(manager: OpaquePointer, output: OpaquePointer) {
        self.output = output
        proxy = zwlr_output_power_manager_v1_get_output_power(manager, output)
        zwlr_output_power_v1_add_listener(proxy, powerListener, callbackData(self))
    }

    deinit {
        guard let proxy else { return }
        // The protocol keeps the last mode after the object goes: never leave an output dark.
        if !wantedOn { zwlr_output_power_v1_set_mode(proxy, 1) }
        zwlr_output_power_v1_destroy(proxy)
    }

    /// Asks for the output on or off (only a change is sent).
    func set(on: Bool) {
        guard let proxy, on != wantedOn || reportedOn != on else { return }
        wantedOn = on
        zwlr_output_power_v1_set_mode(proxy, on ? 1 : 0)
    }

    fileprivate func reported(on: Bool) { reportedOn = on }

    fileprivate func failed() {
        guard let proxy else { return }
        zwlr_output_power_v1_destroy(proxy)
        self.proxy = nil
    }
}
