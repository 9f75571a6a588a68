/// Display orientation and direct-input settings, filled by the config loader (`[display]` and
/// `[input]` in kiosk.toml). The defaults suit an upright panel with its digitizer glued on,
/// read through udev on seat0 with the system's keyboard layout.
public struct InputGeometrySettings: Hashable, Sendable {
    /// How the picture is rotated onto the panel (we draw pre-rotated, see `DisplayTransform`).
    public var displayTransform: DisplayTransform
    /// How the digitizer's axes relate to the picture; nil follows `displayTransform`.
    public var touchTransform: DisplayTransform?
    /// Extra calibration applied to normalised touch coordinates (after libinput's own).
    public var calibration: TouchCalibration
    /// The udev seat libinput reads when `devicePaths` is empty.
    public var seat: String
    /// Explicit `/dev/input/event*` paths; when non-empty, only these are read and udev is not used.
    public var devicePaths: [String]
    /// Keyboard layout for direct input.
    public var keymap: KeymapSettings

    public init(
        displayTransform: DisplayTransform = .normal, touchTransform: DisplayTransform? = nil,
        calibration: TouchCalibration = .identity, seat: String = "seat0",
        devicePaths: [String] = [],
        keymap: KeymapSettings = .systemDefault
    ) {
        self.displayTransform = displayTransform
        self.touchTransform = touchTransform
        self.calibration = calibration
        self.seat = seat
        self.devicePaths = devicePaths
        self.keymap = keymap
    }

    /// The touch transform in effect.
    public var effectiveTouchTransform: DisplayTransform { touchTransform ?? displayTransform }
}
