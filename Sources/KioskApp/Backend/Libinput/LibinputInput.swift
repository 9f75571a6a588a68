import KioskCore
import KioskInput
import KioskPlatform
import Logging

/// `[input] source = "libinput"` or `"both"` as an input source: libinput's fd on the event loop,
/// dispatched when readable; listed device paths that are missing are retried every 2 s until
/// they open. Touches come out in logical pixels (the source maps them with the router's mapper).
final class LibinputInput: InputBackend {
    static let deviceRetryInterval = 2.0

    private let source: LibinputSource
    private let loop: EventLoop
    private let log: Logger
    private var sourceID: EventLoop.SourceID?
    private var retryTimer: EventLoop.TimerID?
    var onTouch: ((TouchEvent) -> Void)?
    var onKey: ((KeyEvent) -> Void)?

    /// Starts libinput for `settings` on `loop`; nil (logged) when it cannot start (no udev, no
    /// permission).
    static func start(
        settings: InputGeometrySettings, nativeSize: Size, loop: EventLoop, log: Logger
    ) -> LibinputInput? {
        let source: LibinputSource
        do {
            source = try LibinputSource(
                settings: settings, nativeSize: nativeSize,
                log: { level, message in
                    switch level {
                    case .debug: log.debug("\(message)")
                    case .info: log.info("\(message)")
                    case .warning: log.warning("\(message)")
                    case .error: log.error("\(message)")
                    }
                })
        } catch {
            log.error(
                "\(error.description); touch from libinput is off (see README \"Touch input\")")
            return nil
        }
        let input = LibinputInput(source: source, loop: loop, log: log)
        do {
            input.sourceID = try loop.addSource(fd: source.fileDescriptor) { [unowned input] _ in
                input.dispatch()
            }
        } catch {
            log.error("\(error.description); touch from libinput is off")
            return nil
        }
        let where_ =
            source.usesUdev ? "seat \(settings.seat)" : settings.devicePaths.joined(separator: ", ")
        log.info("reading input through libinput (\(where_))")
        return input
    }

    private init(source: LibinputSource, loop: EventLoop, log: Logger) {
        self.source = source
        self.loop = loop
        self.log = log
    }

    deinit { stop() }

    var origin: InputOrigin { .direct }

    func follow(_ mapper: TouchMapper) { source.mapper = mapper }

    /// libinput queues the devices it found at start: take them now.
    func start() { dispatch() }

    /// libinput reads its fd without blocking: what the kernel holds comes out now.
    func readPending() {
        guard sourceID != nil else { return }
        dispatch()
    }

    private func dispatch() {
        for event in source.dispatch() {
            switch event {
            case .touch(let touch): onTouch?(touch)
            case .key(let key): onKey?(key)
            case .deviceAdded(let device): log.info("\(device) added")
            case .deviceRemoved(let device): log.info("\(device) removed")
            }
        }
        armDeviceRetry()
    }

    func stop() {
        if let sourceID { loop.removeSource(sourceID) }
        if let retryTimer { loop.cancelTimer(retryTimer) }
        sourceID = nil
        retryTimer = nil
        onTouch = nil
        onKey = nil
    }

    /// libinput closes its devices while suspended (a VT switch away); resuming opens them
    /// again and announces them, which `dispatch` logs.
    func setSuspended(_ suspended: Bool) {
        if suspended {
            source.suspend()
            dispatch()
        } else if source.resume() {
            dispatch()
        } else {
            log.error("libinput could not resume after the VT switch; touch may be off")
        }
    }

    /// The device paths not open now (path mode).
    var missingDevicePaths: [String] { source.missingDevicePaths }

    /// A repeating retry only while a listed device is missing: no wake-ups otherwise.
    private func armDeviceRetry() {
        guard sourceID != nil, !source.usesUdev else { return }
        if source.missingDevicePaths.isEmpty {
            if let retryTimer { loop.cancelTimer(retryTimer) }
            retryTimer = nil
        } else if retryTimer == nil {
            retryTimer = try? loop.addTimer(
                after: Self.deviceRetryInterval, repeating: Self.deviceRetryInterval
            ) {
                [unowned self] _ in
                if source.retryMissingDevices() > 0 { dispatch() }
            }
        }
    }
}
