/// A display mode a connector offers, as the kernel lists it.
public struct ModeInfo: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    /// Vertical refresh in millihertz.
    public var refreshMillihertz: Int
    /// The mode the panel prefers (its native one).
    public var preferred: Bool

    public init(width: Int, height: Int, refreshMillihertz: Int, preferred: Bool = false) {
        self.width = width
        self.height = height
        self.refreshMillihertz = refreshMillihertz
        self.preferred = preferred
    }

    /// Rounded Hz, as "1280x800@60" names it.
    public var refreshHertz: Int { (refreshMillihertz + 500) / 1000 }
    public var description: String { "\(width)x\(height)@\(refreshHertz)" }
}

/// One connector of the card: its kernel name ("HDMI-A-1"), whether a display is attached, and
/// the modes it offers (in the kernel's order: preferred first, then largest first).
public struct ConnectorInfo: Hashable, Sendable {
    public var id: UInt32
    public var name: String
    public var connected: Bool
    public var modes: [ModeInfo]

    public init(id: UInt32, name: String, connected: Bool, modes: [ModeInfo]) {
        self.id = id
        self.name = name
        self.connected = connected
        self.modes = modes
    }
}
