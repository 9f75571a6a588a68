import CLibinput
import Glibc
import KioskCore
import KioskPlatform

// Ownership: a LibinputContext owns one `struct libinput` (unref in deinit), the heap-allocated
// `libinput_interface` libinput keeps a pointer to for the context's whole life (freed after the
// unref), and the `InputCallbacks` object whose unretained address is libinput's user data.
// Device pointers are never retained: they are only compared, and forgotten at DEVICE_REMOVED.

/// What libinput's and xkbcommon's C callbacks reach through their user-data pointers.
final class InputCallbacks {
    let log: (InputLogLevel, String) -> Void
    /// Opens that failed since the owner last looked: (path, errno).
    var openFailures: [(path: String, errno: Int32)] = []

    init(log: @escaping (InputLogLevel, String) -> Void) { self.log = log }

    /// The one place the user-data pointer turns back into the object (it lives as long as the
    /// context that calls back, which holds it).
    static func from(_ pointer: UnsafeMutableRawPointer?) -> InputCallbacks? {
        guard let pointer else { return nil }
        return Unmanaged<InputCallbacks>.fromOpaque(pointer).takeUnretainedValue()
    }
}

/// A libinput context reading one udev seat, or the device nodes it is given.
final class LibinputContext {
    enum Mode {
        case udev(seat: String)
        case paths
    }

    let handle: OpaquePointer
    let callbacks: InputCallbacks
    private let interface: UnsafeMutablePointer<libinput_interface>
    private let udev: Udev?
    var deviceIDs: [OpaquePointer: InputDeviceID] = [:]
    var nextDeviceID = 1
    /// Paths given to `addDevice(path:)`, by the device libinput made from them.
    var pathsByDevice: [OpaquePointer: String] = [:]
    /// Paths whose device libinput removed since the owner last looked.
    var vanishedPaths: [String] = []

    init(mode: Mode, log: @escaping (InputLogLevel, String) -> Void) throws(InputError) {
        let callbacks = InputCallbacks(log: log)
        let interface = UnsafeMutablePointer<libinput_interface>.allocate(capacity: 1)
        interface.initialize(
            to: libinput_interface(
                open_restricted: { path, flags, userData in
                    guard let path else { return -EINVAL }
                    // libinput's access-mode bits are replaced: read-write, non-blocking, and
                    // closed on exec so a child process never inherits an input device.
                    let fd = open(path, (flags & ~O_ACCMODE) | O_RDWR | O_NONBLOCK | O_CLOEXEC)
                    if fd >= 0 { return fd }
                    let code = errno
                    InputCallbacks.from(userData)?.openFailures.append(
                        (String(cString: path), code))
                    return -code
                },
                close_restricted: { fd, _ in _ = close(fd) }))
        let userData = Unmanaged.passUnretained(callbacks).toOpaque()

        var udev: Udev? = nil
        let created: OpaquePointer?
        switch mode {
        case .udev:
            do {
                let u = try Udev()
                udev = u
                created = libinput_udev_create_context(interface, userData, u.handle)
            } catch {
                interface.deallocate()
                throw error
            }
        case .paths:
            created = libinput_path_create_context(interface, userData)
        }
        guard let handle = created else {
            interface.deallocate()
            throw .contextCreationFailed
        }
        kiosk_libinput_set_log_function(handle) { libinput, priority, message in
            guard let libinput, let message,
                let callbacks = InputCallbacks.from(libinput_get_user_data(libinput))
            else { return }
            let level: InputLogLevel =
                switch UInt32(bitPattern: priority) {
                case LIBINPUT_LOG_PRIORITY_ERROR.rawValue: .error
                case LIBINPUT_LOG_PRIORITY_INFO.rawValue: .info
                default: .debug
                }
            callbacks.log(level, "libinput: " + String(cString: message))
        }
        if case .udev(let seat) = mode {
            // With zero devices this still succeeds; devices that appear later arrive as
            // DEVICE_ADDED through the udev monitor libinput keeps on its fd.
            guard libinput_udev_assign_seat(handle, seat) == 0 else {
                libinput_unref(handle)
                interface.deallocate()
                throw .seatAssignmentFailed(seat: seat)
            }
        }
        self.handle = handle
        self.callbacks = callbacks
        self.interface = interface
        self.udev = udev
    }

    deinit {
        // libinput closes its devices (close_restricted) inside unref, so the interface and the
        // callbacks must outlive this call.
        libinput_unref(handle)
        interface.deallocate()
    }

    /// The fd to watch for readability.
    var fileDescriptor: Int32 { libinput_get_fd(handle) }

    /// Reads what the kernel and udev have and returns every queued event, destroying each.
    func readEvents() -> [RawInputEvent] {
        let rc = libinput_dispatch(handle)
        if rc < 0 { callbacks.log(.error, InputError.dispatchFailed(errno: -rc).description) }
        var events: [RawInputEvent] = []
        while let event = libinput_get_event(handle) {
            if let raw = rawEvent(event) { events.append(raw) }
            libinput_event_destroy(event)
        }
        return events
    }

    func suspend() { libinput_suspend(handle) }

    func resume() -> Bool { libinput_resume(handle) == 0 }

    /// Adds one device node (path contexts only).
    func addDevice(path: String) throws(InputError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            // Checked here so a missing node is a clear error rather than libinput's
            // "client bug: Invalid path" on stderr.
            throw Self.error(opening: path, errno: errno)
        }
        // Every evdev node is a character device of the input major (13); anything else would
        // only make libinput wait ~2 s for udev to describe it before refusing it.
        guard info.st_mode & S_IFMT == S_IFCHR, DeviceNumber.major(info.st_rdev) == 13 else {
            throw .notAnInputDevice(path: path)
        }
        callbacks.openFailures.removeAll()
        guard let device = libinput_path_add_device(handle, path) else {
            if let failure = callbacks.openFailures.last(where: { $0.path == path }) {
                callbacks.openFailures.removeAll()
                throw Self.error(opening: path, errno: failure.errno)
            }
            throw .notAnInputDevice(path: path)
        }
        pathsByDevice[device] = path
    }

    /// Failed opens since the last call, as errors (udev mode reports them no other way).
    func takeOpenFailures() -> [InputError] {
        defer { callbacks.openFailures.removeAll() }
        return callbacks.openFailures.map { Self.error(opening: $0.path, errno: $0.errno) }
    }

    static func error(opening path: String, errno code: Int32) -> InputError {
        switch code {
        case ENOENT, ENODEV, ENXIO: .deviceNotFound(path: path)
        case EACCES, EPERM: .permissionDenied(path: path)
        default: .openFailed(path: path, errno: code)
        }
    }
}
