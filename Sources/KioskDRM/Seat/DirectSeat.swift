import Glibc

/// The fallback when libseat cannot start: devices opened with `open(2)` (root, or a user in
/// group video). No VT switching: the seat is always active and nobody takes DRM master away.
public final class DirectSeat: DeviceSeat {
    public init() {}
    public var fileDescriptor: Int32? { nil }
    public var isActive: Bool { true }
    public var onEnable: (() -> Void)?
    public var onDisable: (() -> Void)?
    public func dispatch() {}
    public var summary: String { "direct open (no libseat)" }
    public var managesVT: Bool { false }
    public func switchSession(to vt: Int) -> Bool { false }

    public func openDevice(_ path: String) throws(DRMError) -> (fd: Int32, token: Int32) {
        let fd = open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw DRMError.errno("cannot open \(path)", errno) }
        return (fd, 0)
    }

    public func closeDevice(fd: Int32, token: Int32) { close(fd) }
    public func acknowledgeDisable() {}
}
