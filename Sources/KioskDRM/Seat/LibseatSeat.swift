internal import CDRM
import Glibc

/// A seat through libseat (seatd or logind, `LIBSEAT_BACKEND` picks): device access for an
/// unprivileged user, and VT switches as enable/disable events.
///
/// Ownership: `seat` is libseat's, closed in `close()`/deinit. `listener` is allocated here and
/// outlives the seat; libseat's user data is an unretained pointer to `self`, valid because the
/// seat is closed before `self` goes away.
public final class LibseatSeat: DeviceSeat {
    private var seat: OpaquePointer?
    private let listener: UnsafeMutablePointer<libseat_seat_listener>
    public private(set) var isActive = false
    public var onEnable: (() -> Void)?
    public var onDisable: (() -> Void)?

    /// Opens the seat; libseat's log lines go to `log`. Throws when no backend answers (no seatd
    /// socket, no logind session).
    public init(log: @escaping (String) -> Void) throws(DRMError) {
        Self.logSink.set(log)
        kiosk_seat_set_log_function(
            { level, message in
                guard let message else { return }
                LibseatSeat.logSink.write("libseat: \(String(cString: message))")
                _ = level
            }, Int32(LIBSEAT_LOG_LEVEL_ERROR.rawValue))
        listener = .allocate(capacity: 1)
        listener.initialize(
            to: libseat_seat_listener(
                enable_seat: { _, data in
                    guard let data else { return }
                    let seat = Unmanaged<LibseatSeat>.fromOpaque(data).takeUnretainedValue()
                    seat.isActive = true
                    seat.onEnable?()
                },
                disable_seat: { _, data in
                    guard let data else { return }
                    let seat = Unmanaged<LibseatSeat>.fromOpaque(data).takeUnretainedValue()
                    seat.isActive = false
                    seat.onDisable?()
                }))
        seat = libseat_open_seat(listener, Unmanaged.passUnretained(self).toOpaque())
        guard seat != nil else {
            listener.deallocate()
            throw DRMError(
                "libseat: no seat (is seatd running and the user in its group, or a logind session open?)"
            )
        }
        // The first enable arrives as an event: take it now, so the device can be opened.
        dispatch()
    }

    deinit { close() }

    public var fileDescriptor: Int32? {
        guard let seat else { return nil }
        let fd = libseat_get_fd(seat)
        return fd >= 0 ? fd : nil
    }

    public var summary: String {
        guard let seat, let name = libseat_seat_name(seat) else { return "libseat" }
        return "libseat \(String(cString: name))"
    }

    public func dispatch() {
        guard let seat else { return }
        while libseat_dispatch(seat, 0) > 0 {}
    }

    public func openDevice(_ path: String) throws(DRMError) -> (fd: Int32, token: Int32) {
        guard let seat else { throw DRMError("libseat: the seat is closed") }
        var fd: Int32 = -1
        let token = libseat_open_device(seat, path, &fd)
        guard token >= 0, fd >= 0 else {
            throw DRMError.errno("libseat: cannot open \(path)", errno)
        }
        return (fd, token)
    }

    public func closeDevice(fd: Int32, token: Int32) {
        guard let seat else { return }
        _ = libseat_close_device(seat, token)
        // libseat's seatd backend leaves our copy of the descriptor to us.
        Glibc.close(fd)
    }

    public var managesVT: Bool { true }

    public func switchSession(to vt: Int) -> Bool {
        guard let seat else { return false }
        return libseat_switch_session(seat, Int32(vt)) == 0
    }

    public func acknowledgeDisable() {
        guard let seat else { return }
        _ = libseat_disable_seat(seat)
    }

    /// Closes the seat: seatd (or logind) gives the VT back to the text console.
    public func close() {
        guard let seat else { return }
        libseat_close_seat(seat)
        self.seat = nil
        listener.deinitialize(count: 1)
        listener.deallocate()
    }

    /// libseat's log handler is process-wide and has no user data.
    private static let logSink = LogSink()
}

/// Where libseat's process-wide log lines go.
final class LogSink: @unchecked Sendable {
    // Only touched on the loop thread (libseat logs from its calls, made there).
    private var sink: ((String) -> Void)?
    func set(_ sink: @escaping (String) -> Void) { self.sink = sink }
    func write(_ line: String) { sink?(line) }
}
