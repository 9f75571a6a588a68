import KioskCore

/// Touch, pointer and keys straight from libinput, for running without a compositor's seat.
///
/// Reads the udev seat from the settings (default "seat0"), or only the listed device nodes.
/// Runs with zero devices and picks devices up as they appear (udev mode: libinput's hotplug
/// monitor; path mode: `retryMissingDevices()`, which the app calls from a timer).
///
/// Use from the event-loop thread only:
///
///     let input = try LibinputSource(settings: s, nativeSize: panel, log: log)
///     epoll_ctl(epfd, EPOLL_CTL_ADD, input.fileDescriptor, EPOLLIN)
///     handle(input.dispatch())          // once now: libinput queues the first devices silently
///     // whenever the fd is readable:
///     handle(input.dispatch())
public final class LibinputSource {
    private let context: LibinputContext
    private var translator: InputTranslator
    private let log: (InputLogLevel, String) -> Void
    /// Configured device paths that are not open (missing, unreadable, or vanished).
    public private(set) var missingDevicePaths: [String] = []
    /// True when reading a udev seat, false when reading listed device paths.
    public let usesUdev: Bool

    /// Starts libinput. Throws only when libinput itself cannot start (no udev, bad seat); a
    /// listed device that cannot be opened is logged and kept in `missingDevicePaths`, and a
    /// keymap that does not compile is logged and replaced by plain navigation keys.
    public init(
        settings: InputGeometrySettings, nativeSize: Size,
        log: @escaping (InputLogLevel, String) -> Void = { _, _ in }
    ) throws(InputError) {
        self.log = log
        let keyboard: any KeySymbolTranslating
        do {
            keyboard = try XKBKeyboard(settings: settings.keymap, log: log)
        } catch {
            log(.warning, error.description)
            keyboard = EvdevKeyNames()
        }
        translator = InputTranslator(
            mapper: TouchMapper(settings: settings, nativeSize: nativeSize), keyboard: keyboard)
        usesUdev = settings.devicePaths.isEmpty
        context = try LibinputContext(
            mode: usesUdev ? .udev(seat: settings.seat) : .paths, log: log)
        for path in settings.devicePaths {
            do {
                try context.addDevice(path: path)
            } catch {
                log(.warning, error.description)
                missingDevicePaths.append(path)
            }
        }
        reportOpenFailures()
    }

    /// libinput's fd: watch it for readability (EPOLLIN) and call `dispatch()` when it is.
    public var fileDescriptor: Int32 { context.fileDescriptor }

    /// Reads everything pending and returns it translated. Never blocks.
    public func dispatch() -> [TranslatedInputEvent] {
        let events = translator.translate(context.readEvents())
        reportOpenFailures()
        for path in context.vanishedPaths where !missingDevicePaths.contains(path) {
            missingDevicePaths.append(path)
        }
        context.vanishedPaths.removeAll()
        return events
    }

    /// Tries the configured paths that are not open again (path mode); returns how many opened.
    /// Their DEVICE_ADDED events come with the next `dispatch()`.
    @discardableResult
    public func retryMissingDevices() -> Int {
        var opened = 0
        missingDevicePaths = missingDevicePaths.filter { path in
            guard (try? context.addDevice(path: path)) != nil else { return true }
            opened += 1
            return false
        }
        return opened
    }

    /// Adds one more device node (path mode only; udev mode finds devices itself).
    public func addDevice(path: String) throws(InputError) {
        try context.addDevice(path: path)
    }

    /// Closes every device (for example while another VT is active) until `resume()`; the
    /// DEVICE_REMOVED events, and a cancel for any touch held, come with the next `dispatch()`.
    public func suspend() { context.suspend() }

    /// Reopens the devices after `suspend()`; false when libinput could not.
    @discardableResult
    public func resume() -> Bool { context.resume() }

    /// Touch geometry; set it when the panel size or orientation changes.
    public var mapper: TouchMapper {
        get { translator.mapper }
        set { translator.mapper = newValue }
    }

    /// The devices currently open, in the order they appeared.
    public var devices: [InputDeviceInfo] { translator.deviceList }

    /// The pointer's position in logical pixels (for drawing a cursor when a mouse is present).
    public var cursor: Point { translator.cursor }

    private func reportOpenFailures() {
        for failure in context.takeOpenFailures() { log(.warning, failure.description) }
    }
}
