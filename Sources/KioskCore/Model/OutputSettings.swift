/// Which output backend draws the pages (`[display] backend`, `kiosk-shell run --backend`).
public enum OutputBackendChoice: String, Hashable, Sendable, CaseIterable {
    /// Wayland when `WAYLAND_DISPLAY` is set, else DRM/KMS.
    case auto
    /// A fullscreen window on the compositor in `WAYLAND_DISPLAY`.
    case wayland
    /// The display itself through kernel mode setting, no compositor.
    case drm

    /// The backend `auto` stands for, given the environment's `WAYLAND_DISPLAY` (nil or empty:
    /// no compositor to talk to).
    public func resolved(waylandDisplay: String?) -> OutputBackendChoice {
        guard self == .auto else { return self }
        return (waylandDisplay ?? "").isEmpty ? .drm : .wayland
    }
}

/// A display mode asked for by `[display] mode`: "1280x800" or "1280x800@60".
public struct DisplayModeRequest: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    /// Vertical refresh in Hz; nil: the best the connector offers at that size.
    public var refresh: Int?

    public init(width: Int, height: Int, refresh: Int? = nil) {
        self.width = width
        self.height = height
        self.refresh = refresh
    }

    /// Parses "WIDTHxHEIGHT" or "WIDTHxHEIGHT@HZ" (whole numbers, sides 1...16384, 1...1000 Hz);
    /// nil for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }
        let sides = parts[0].split(separator: "x", omittingEmptySubsequences: false)
        guard sides.count == 2, let width = Self.number(sides[0], max: 16384),
            let height = Self.number(sides[1], max: 16384)
        else { return nil }
        var refresh: Int?
        if parts.count == 2 {
            guard let hz = Self.number(parts[1], max: 1000) else { return nil }
            refresh = hz
        }
        self.init(width: width, height: height, refresh: refresh)
    }

    private static func number(_ text: Substring, max: Int) -> Int? {
        guard !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber),
            text.count <= 6,
            let value = Int(text), value >= 1, value <= max
        else { return nil }
        return value
    }

    public var description: String { "\(width)x\(height)" + (refresh.map { "@\($0)" } ?? "") }
}

/// `[display]` keys of the output itself (rotation lives with the input geometry).
public struct OutputSettings: Hashable, Sendable {
    public var backend: OutputBackendChoice
    /// A DRM connector by name ("HDMI-A-1", "Virtual-1"); nil: the first connected one.
    public var connector: String?
    /// nil: the connector's preferred mode.
    public var mode: DisplayModeRequest?
    /// Seconds a touch lights a panel the schedule switched off before the schedule resumes.
    public var wakeFor: Double = 120
    /// `vt_switching`: Ctrl+Alt+Fn switches consoles (DRM backend). Off by default: on a stock
    /// system another console is a login prompt. `chvt` works either way.
    public var vtSwitching = false

    public init(
        backend: OutputBackendChoice = .auto, connector: String? = nil,
        mode: DisplayModeRequest? = nil
    ) {
        self.backend = backend
        self.connector = connector
        self.mode = mode
    }
}
