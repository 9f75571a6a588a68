import KioskCore
import KioskInput
import KioskPlatform

/// `[input] source = "libinput"` or `"both"`: libinput's fd on the event loop, dispatched when
/// readable; listed device paths that are missing are retried every 2 s until they open.
extension KioskRunner {
    static let deviceRetryInterval = 2.0

    /// Starts libinput when the config asks for it. A libinput that cannot start (no udev, no
    /// permission) is logged; the shell keeps showing pages.
    func startLibinput() {
        guard geometry.settings.source != .wayland else { return }
        let source: LibinputSource
        do {
            source = try LibinputSource(
                settings: geometry.settings.geometry, nativeSize: geometry.surfaceSize,
                log: { [log] level, message in
                    switch level {
                    case .debug: log.debug("\(message)")
                    case .info: log.info("\(message)")
                    case .warning: log.warning("\(message)")
                    case .error: log.error("\(message)")
                    }
                })
        } catch {
            log.error("\(error.description); touch from libinput is off (see README \"Touch input\")")
            return
        }
        source.mapper = geometry.mapper
        do {
            geometry.libinputSource = try loop.addSource(fd: source.fileDescriptor) { [unowned self] _ in
                dispatchLibinput()
            }
        } catch {
            log.error("\(error.description); touch from libinput is off")
            return
        }
        geometry.libinput = source
        let where_ = source.usesUdev
            ? "seat \(geometry.settings.geometry.seat)"
            : geometry.settings.geometry.devicePaths.joined(separator: ", ")
        log.info("reading input through libinput (\(where_))")
        // libinput queues the devices it found at start: take them now.
        dispatchLibinput()
    }

    func stopLibinput() {
        if let id = geometry.libinputSource { loop.removeSource(id) }
        if let timer = geometry.retryTimer { loop.cancelTimer(timer) }
        geometry.libinputSource = nil
        geometry.retryTimer = nil
        geometry.libinput = nil
    }

    func dispatchLibinput() {
        guard let source = geometry.libinput else { return }
        for event in source.dispatch() {
            switch event {
            case .touch(let touch): deliver(geometry.fromLibinput(touch))
            case .key(let key): deliver(key)
            case .deviceAdded(let device): log.info("\(device) added")
            case .deviceRemoved(let device): log.info("\(device) removed")
            }
        }
        armDeviceRetry()
    }

    /// A repeating retry only while a listed device is missing: no wake-ups otherwise.
    private func armDeviceRetry() {
        guard let source = geometry.libinput, !source.usesUdev else { return }
        if source.missingDevicePaths.isEmpty {
            if let timer = geometry.retryTimer { loop.cancelTimer(timer) }
            geometry.retryTimer = nil
        } else if geometry.retryTimer == nil {
            geometry.retryTimer = try? loop.addTimer(
                after: Self.deviceRetryInterval, repeating: Self.deviceRetryInterval
            ) { [unowned self] _ in
                if (geometry.libinput?.retryMissingDevices() ?? 0) > 0 { dispatchLibinput() }
            }
        }
    }
}
