/// Who opens the DRM device and says when we may use it: libseat (seatd or logind), or plain
/// `open(2)` when libseat cannot start. The seat tells the display when it loses the device (a
/// VT switch away) and when it gets it back.
public protocol DeviceSeat: AnyObject {
    /// A descriptor to watch for readability (then call `dispatch`); nil when there is none.
    var fileDescriptor: Int32? { get }
    /// True while we may draw and use DRM master.
    var isActive: Bool { get }
    /// The seat was enabled (at start, or switching back to our VT).
    var onEnable: (() -> Void)? { get set }
    /// The seat is going away (switching to another VT): stop using the devices, then call
    /// `acknowledgeDisable`.
    var onDisable: (() -> Void)? { get set }
    /// Handles pending seat events (callbacks run from inside).
    func dispatch()
    /// Opens a device node; returns its descriptor and a token for `closeDevice`.
    func openDevice(_ path: String) throws(DRMError) -> (fd: Int32, token: Int32)
    func closeDevice(fd: Int32, token: Int32)
    /// Confirms that the devices are no longer used after `onDisable`.
    func acknowledgeDisable()
    /// A short name for the log ("libseat seat0", "direct").
    var summary: String { get }
    /// True when a seat manager (seatd, logind) owns the VT: it switched the console keyboard
    /// off and turns VT switches into disable/enable.
    var managesVT: Bool { get }
    /// Asks the seat manager to switch to console `vt` (Ctrl+Alt+Fn with `vt_switching`).
    /// False when it cannot (no seat manager: the kernel's keyboard switches by itself then).
    func switchSession(to vt: Int) -> Bool
}
