/// Why the Wayland backend could not start or stopped. One line each, for the log.
public enum WaylandError: Error, Equatable, CustomStringConvertible {
    /// wl_display_connect failed: no compositor at WAYLAND_DISPLAY / XDG_RUNTIME_DIR.
    case cannotConnect(display: String, reason: String)
    /// A global the shell cannot work without is not advertised.
    case missingGlobal(String)
    /// Shared memory for a buffer could not be created or mapped.
    case sharedMemory(String)
    /// The connection failed (compositor gone, protocol error).
    case connectionLost(String)

    public var description: String {
        switch self {
        case .cannotConnect(let display, let reason):
            "cannot connect to Wayland display \(display): \(reason) (is the compositor running, are WAYLAND_DISPLAY and XDG_RUNTIME_DIR set?)"
        case .missingGlobal(let name):
            "the Wayland compositor does not offer \(name), which kiosk-shell needs"
        case .sharedMemory(let reason): "cannot create a shared-memory buffer: \(reason)"
        case .connectionLost(let reason): "lost the Wayland compositor: \(reason)"
        }
    }
}
