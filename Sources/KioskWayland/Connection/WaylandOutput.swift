import CWayland

// Ownership: WaylandDisplay owns its outputs; each releases (v3+) or destroys its wl_output in
// deinit.

private nonisolated(unsafe) let outputListener = UnsafeMutablePointer<wl_output_listener>.permanent(
    wl_output_listener(
        geometry: { _, _, _, _, _, _, _, _, _, _ in },
        mode: { data, _, flags, width, height, refresh in
            guard flags & WL_OUTPUT_MODE_CURRENT.rawValue != 0 else { return }
            let output = callbackOwner(data, as: WaylandOutput.self)
            output.pendingMode = (Int(width), Int(height))
            output.pendingRefresh = refresh > 0 ? 1000 / Double(refresh) : 0
        },
        done: { data, _ in callbackOwner(data, as: WaylandOutput.self).applyPending() },
        scale: { data, _, factor in
            callbackOwner(data, as: WaylandOutput.self).pendingScale = Int(factor)
        },
        name: { _, _, _ in },
        description: { _, _, _ in }))

/// One wl_output: its integer scale (for wl_surface.set_buffer_scale), current mode and refresh.
final class WaylandOutput {
    let globalName: UInt32
    let proxy: OpaquePointer
    private let version: UInt32
    private(set) var scale = 1
    private(set) var mode: (width: Int, height: Int) = (0, 0)
    /// Seconds between refreshes of the current mode (0: unknown).
    private(set) var refreshPeriod = 0.0
    fileprivate var pendingRefresh: Double?
    fileprivate var pendingScale: Int?
    fileprivate var pendingMode: (Int, Int)?
    /// Called after `done` when the scale changed.
    var onChange: (() -> Void)?

    init(registry: OpaquePointer, name: UInt32, version: UInt32) {
        globalName = name
        self.version = min(version, 4)
        guard let raw = wl_registry_bind(registry, name, kiosk_wl_output_interface(), self.version)
        else {
            preconditionFailure("wl_registry_bind returned no proxy")
        }
        proxy = OpaquePointer(raw)
        wl_output_add_listener(proxy, outputListener, callbackData(self))
    }

    fileprivate func applyPending() {
        let oldScale = scale
        if let pendingScale { scale = max(1, pendingScale) }
        if let pendingMode { mode = pendingMode }
        if let pendingRefresh { refreshPeriod = pendingRefresh }
        pendingScale = nil
        pendingMode = nil
        pendingRefresh = nil
        if scale != oldScale { onChange?() }
    }

    deinit {
        if version >= 3 { wl_output_release(proxy) } else { wl_output_destroy(proxy) }
    }
}
