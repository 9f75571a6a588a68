internal import CDRM
import Glibc
import KioskCore
import KioskPlatform

/// The display driven without a compositor: a seat (libseat, else direct open), the DRM card,
/// one connector/CRTC pipe, a chain of dumb buffers and the page-flip state, all on the one
/// event loop (the card's fd for flip events, the seat's fd, udev's hotplug monitor).
///
/// A frame goes: the owner draws into a buffer that is not `isBusy` while `canPresent`, then
/// `present(_:)`; the flip event makes that buffer the shown one and frees the other. The mode
/// is set only for the first frame and after the seat comes back or the output changes: the
/// console never shows between frames. Hotplug: udev's drm uevents re-probe the connectors (and
/// so does a failed commit); a vanished display stops frames until one comes back.
///
/// Ownership: flip events carry an unretained pointer to `self` as user data; the card is
/// closed (and pending events dropped) in `shutDown()`, before `self` can go away.
public final class KMSDisplay {
    /// What the owner chose in `[display]`, and how many buffers to chain.
    public struct Options: Sendable {
        public var connector: String?
        public var mode: DisplayModeRequest?
        /// The card (`KIOSK_DRM_DEVICE`); nil: the first card with connectors (`CardSelection`).
        public var devicePath: String?
        public var allowAtomic: Bool
        public var bufferCount: Int
        /// Seconds to wait for a card udev has not made yet, or for one with connectors
        /// (`CardWait`, `CardSearch`): by default as long as it takes. A kiosk has nothing to
        /// show without its card, and exiting only had systemd start it again: on a loaded boot
        /// of the virtual panel the card came more than 20 s after the kiosk started, and the
        /// unit restarted once.
        public var cardTimeout: Double
        /// `[display] vt_switching`: Ctrl+Alt+Fn switches consoles (`switchVT`). Off: with no
        /// seat manager the console keyboard is switched off (`ConsoleKeyboard`).
        public var vtSwitching: Bool
        public init(
            connector: String? = nil, mode: DisplayModeRequest? = nil, devicePath: String? = nil,
            allowAtomic: Bool = true, bufferCount: Int = 2, cardTimeout: Double = .infinity,
            vtSwitching: Bool = false
        ) {
            self.vtSwitching = vtSwitching
            self.connector = connector
            self.mode = mode
            self.devicePath = devicePath
            self.allowAtomic = allowAtomic
            self.bufferCount = max(2, bufferCount)
            self.cardTimeout = cardTimeout
        }
    }

    /// One log line and its importance (the owner routes them to its logger).
    public enum LogLevel: Sendable { case debug, info, warning, error }

    /// New buffers of this size (output pixels): everything must be drawn.
    public var onConfigure: ((_ width: Int, _ height: Int) -> Void)?
    /// Same buffers, but the screen must be drawn whole (the seat came back, the display was
    /// plugged in again).
    public var onRedrawAll: (() -> Void)?
    /// A flip (or a mode set) completed: the frame is on the glass and the old buffer free.
    public var onFlipped: (() -> Void)?
    /// The seat was disabled (false: stop input too) or enabled again (true).
    public var onSessionActive: ((Bool) -> Void)?
    /// The display cannot be used any more (the card went away).
    public var onLost: ((String) -> Void)?

    private let options: Options
    private let loop: EventLoop
    private let log: (LogLevel, String) -> Void
    private let seat: any DeviceSeat
    private var device: KMSDevice?
    private var deviceToken: Int32 = 0
    private var sources: [EventLoop.SourceID] = []
    private var hotplug: DRMHotplugMonitor?
    private var setter: (any ModeSetting)?
    private var current: OutputChoice.Pick?
    private var buffers: [DumbBuffer] = []
    /// The buffer on screen, the one committed and waiting for its flip event.
    public private(set) var shownBuffer: Int?
    private var pendingBuffer: Int?
    private var needsModeSet = true
    /// A commit failed and a re-probe could not fix it: no frames until a hotplug or the seat.
    private var stalled = false
    private var framesPresented = 0
    /// Monotonic seconds when a frame last reached the screen: a page flip's (or an evented mode
    /// set's) completion, or a mode set without an event; nil before the first.
    public private(set) var lastShown: Double?
    /// The console keyboard switched off while we run (direct open without `vt_switching`).
    private var consoleKeyboard: ConsoleKeyboard?
    /// Display power (`setPowered`): the CRTC inactive while the owner wants it off.
    public private(set) var power = DisplayPower()
    private var modeSets = 0

    /// Opens the seat and the card and picks the output; throws a one-line reason when the card
    /// cannot be used (no seat and no permission, not a KMS card). Without a display that fits
    /// it waits for one (logged).
    public init(loop: EventLoop, options: Options, log: @escaping (LogLevel, String) -> Void)
        throws(DRMError)
    {
        self.loop = loop
        self.options = options
        self.log = log
        do {
            seat = try LibseatSeat(log: { line in log(.warning, line) })
        } catch {
            log(.warning, "\(error.description); opening the card directly (no VT switching)")
            seat = DirectSeat()
        }
        if ConsoleKeyboard.needed(
            vtSwitching: options.vtSwitching, seatManagesVT: seat.managesVT)
        {
            do {
                consoleKeyboard = try ConsoleKeyboard()
                log(.info, "console keyboard off: Ctrl+Alt+Fn does not switch VTs")
            } catch {
                log(.warning, "\(error.description): Ctrl+Alt+Fn may switch VTs")
            }
        }
        seat.onEnable = { [unowned self] in seatEnabled() }
        seat.onDisable = { [unowned self] in seatDisabled() }
        StartupTimeline.process.mark("seat")
        let (path, waited) = try KMSDisplay.findCard(options, seat: seat, log: log)
        if waited >= 0.05 {
            let why =
                options.devicePath == nil
                ? "a display card, \(path)" : "\(path) (udev had not made it yet)"
            log(.info, "waited \(Int(waited * 1000)) ms for \(why)")
        }
        StartupTimeline.process.mark("card wait")
        let opened = try seat.openDevice(path)
        deviceToken = opened.token
        StartupTimeline.process.mark("open card")
        do {
            let device = try KMSDevice(fd: opened.fd, allowAtomic: options.allowAtomic)
            self.device = device
            // No display yet (unplugged, or a wrong [display] connector/mode): wait for one
            // rather than exit, so systemd does not restart us in a loop meanwhile.
            do {
                let pick = try Self.firstPick(on: device, options: options)
                StartupTimeline.process.mark("probe")
                try setUp(pick, on: device)
                StartupTimeline.process.mark("buffers")
            } catch {
                log(.warning, "\(error.description); waiting for a display")
            }
            try attach(fd: opened.fd)
            StartupTimeline.process.mark("udev monitor")
        } catch {
            shutDown()
            throw error
        }
    }

    deinit { shutDown() }

    /// The output at start from what the kernel probed at boot (no round trip to the display);
    /// a fresh probe only when that finds none that fits (a display the kernel has not seen yet).
    private static func firstPick(on device: KMSDevice, options: Options) throws(DRMError)
        -> OutputChoice.Pick
    {
        if let pick = try? OutputChoice.pick(
            from: try device.probe(forced: false), connector: options.connector, mode: options.mode)
        {
            return pick
        }
        return try OutputChoice.pick(
            from: try device.probe(forced: true), connector: options.connector, mode: options.mode)
    }

    /// The size of the buffers (the mode's), output pixels.
    public var size: (width: Int, height: Int) {
        (buffers.first?.width ?? 0, buffers.first?.height ?? 0)
    }
    public var bufferCount: Int { buffers.count }

    /// Buffer `index`'s memory: XRGB8888 (cairo's ARGB32 layout), `stride` bytes per row.
    /// Valid until the next `onConfigure`.
    public func buffer(at index: Int) -> (
        pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int
    ) {
        let buffer = buffers[index]
        return (buffer.pixels, buffer.width, buffer.height, buffer.stride)
    }

    /// True while buffer `index` is on screen or waiting for its flip: never draw into it then.
    public func isBusy(_ index: Int) -> Bool { index == shownBuffer || index == pendingBuffer }

    /// True when a frame can be drawn and presented now: the seat is ours, a display is there,
    /// no flip is waiting and the display is powered (`DisplayPower.allowsFrame`).
    public var canPresent: Bool {
        canDrive && pendingBuffer == nil && power.allowsFrame(shownBuffer: shownBuffer)
    }

    /// The seat is ours, a display is there and commits are not stalled.
    private var canDrive: Bool {
        seat.isActive && current != nil && !stalled && device != nil && setter != nil
    }

    /// Shows buffer `index` (drawn by the owner): a page flip, or a mode set the first time.
    public func present(_ index: Int) {
        guard canPresent, let setter else { return }
        let data = Unmanaged.passUnretained(self).toOpaque()
        let framebuffer = buffers[index].framebuffer
        let modeSet = needsModeSet
        do {
            if modeSet {
                let eventFollows = try setter.setMode(framebuffer: framebuffer, userData: data)
                needsModeSet = false
                modeSets += 1
                if eventFollows {
                    pendingBuffer = index
                } else {
                    shownBuffer = index
                    lastShown = MonotonicClock.now
                    onFlipped?()
                }
            } else {
                try setter.flip(framebuffer: framebuffer, userData: data)
                pendingBuffer = index
            }
            framesPresented += 1
        } catch {
            commitFailed(error, code: errno, wasModeSet: modeSet)
        }
        applyPower()
    }

    /// Switches the display off (the CRTC inactive, the mode and the last frame kept) or on again
    /// showing the last frame at once; the owner keeps the backlight in step. Returns false when
    /// the card refused to switch off: the owner's black frame is then all there is.
    @discardableResult
    public func setPowered(_ on: Bool) -> Bool {
        power.wanted = on
        applyPower()
        return on || power.wanted == on
    }

    /// Takes the step `DisplayPower` decides for the card's state now.
    private func applyPower() {
        guard let setter else { return }
        let step = power.nextStep(
            canDrive: canDrive, shownBuffer: shownBuffer, flipPending: pendingBuffer != nil)
        switch step {
        case .none:
            return
        case .switchOff:
            do {
                try setter.setPower(on: false)
                power.isOn = false
                log(
                    .info,
                    "display off (\(setter.powerControl)); the last frame is kept for the wake")
            } catch {
                // Frames go on (the owner draws black); asked again at the next change.
                power.wanted = true
                log(.warning, "\(error.description): the display stays powered, showing black")
            }
        case .switchOn(let index):
            power.isOn = true
            let data = Unmanaged.passUnretained(self).toOpaque()
            do {
                try setter.setPower(on: true)
                if try setter.setMode(framebuffer: buffers[index].framebuffer, userData: data) {
                    pendingBuffer = index
                }
                needsModeSet = false
                modeSets += 1
                log(.info, "display on again, showing the last frame")
            } catch {
                needsModeSet = true
                commitFailed(error, code: errno, wasModeSet: true)
            }
        case .switchOnAtNextFrame:
            power.isOn = true
            needsModeSet = true
            log(.info, "display on again; the next frame sets the mode")
        }
    }

    /// Ctrl+Alt+F`vt` on our keyboard: with `vt_switching` the seat manager switches (as a
    /// compositor on libseat does); otherwise nothing. True when a switch was asked for.
    public func switchVT(_ vt: Int) -> Bool {
        guard options.vtSwitching, seat.managesVT else { return false }
        guard seat.switchSession(to: vt) else {
            log(.warning, "the seat refused a switch to VT \(vt)")
            return false
        }
        log(.info, "switching to VT \(vt) (Ctrl+Alt+F\(vt), [display] vt_switching = true)")
        return true
    }

    /// One line for the log at exit.
    public var summary: String {
        let pick = current.map { "\($0.connector.name) \($0.mode)" } ?? "no display"
        return
            "drm: \(pick), \(setter?.name ?? "-") mode setting, \(seat.summary); \(framesPresented) frames presented, \(modeSets) mode sets"
    }

    /// Releases buffers, the card and the seat; the seat gives the VT back to the console.
    public func shutDown() {
        for source in sources { loop.removeSource(source) }
        sources = []
        hotplug = nil
        for buffer in buffers { buffer.destroy() }
        buffers = []
        setter = nil
        if let device {
            seat.closeDevice(fd: device.fd, token: deviceToken)
            self.device = nil
        }
        (seat as? LibseatSeat)?.close()
        consoleKeyboard?.restore()
        consoleKeyboard = nil
        current = nil
    }

    // MARK: set-up

    private func attach(fd: Int32) throws(DRMError) {
        do {
            sources.append(try loop.addSource(fd: fd) { [unowned self] _ in readDeviceEvents() })
            if let seatFD = seat.fileDescriptor {
                sources.append(
                    try loop.addSource(fd: seatFD) { [unowned self] _ in seat.dispatch() })
            }
            if let monitor = DRMHotplugMonitor() {
                hotplug = monitor
                sources.append(
                    try loop.addSource(fd: monitor.fileDescriptor) { [unowned self] _ in
                        if monitor.drain() { reprobe(because: "a display change event (udev)") }
                    })
            } else {
                log(
                    .warning,
                    "no udev monitor: display hotplug is noticed only when a page flip fails")
            }
        } catch {
            throw DRMError(error.description)
        }
    }

    /// Makes `pick` the pipe: a CRTC (and primary plane), the mode setting, buffers of its size.
    private func setUp(_ pick: OutputChoice.Pick, on device: KMSDevice) throws(DRMError) {
        guard let crtc = device.crtc(for: pick.connector.id) else {
            throw DRMError("no CRTC can drive \(pick.connector.name)")
        }
        guard let raw = device.rawModes[pick.connector.id]?[pick.modeIndex] else {
            throw DRMError("\(pick.connector.name) lost its modes while probing")
        }
        let pipe = Pipe(connector: pick.connector.id, crtc: crtc.id, mode: raw)
        var setter: any ModeSetting = LegacyModeSetting(fd: device.fd, pipe: pipe)
        if device.atomic {
            if let plane = device.primaryPlane(crtcIndex: crtc.index) {
                do {
                    setter = try AtomicModeSetting(fd: device.fd, pipe: pipe, plane: plane)
                } catch {
                    log(.warning, "\(error.description); using legacy mode setting")
                }
            } else {
                log(.warning, "no primary plane for CRTC \(crtc.id); using legacy mode setting")
            }
        }
        let resized = pick.mode.width != size.width || pick.mode.height != size.height
        if resized {
            for buffer in buffers { buffer.destroy() }
            buffers = []
            for _ in 0..<options.bufferCount {
                buffers.append(
                    try DumbBuffer(fd: device.fd, width: pick.mode.width, height: pick.mode.height))
            }
            shownBuffer = nil
        }
        self.setter = setter
        current = pick
        needsModeSet = true
        stalled = false
        log(
            .info,
            "showing on \(pick.connector.name) at \(pick.mode) (\(setter.name) mode setting, \(buffers.count) dumb buffers, \(seat.summary))"
        )
        if resized { onConfigure?(pick.mode.width, pick.mode.height) } else { onRedrawAll?() }
    }

    /// The owner's callbacks are set: report the size.
    public func start() {
        if !buffers.isEmpty { onConfigure?(size.width, size.height) }
    }

    // MARK: events

    private func readDeviceEvents() {
        guard let device else { return }
        if kiosk_drm_handle_events(
            device.fd,
            { _, _, data in
                guard let data else { return }
                Unmanaged<KMSDisplay>.fromOpaque(data).takeUnretainedValue().flipped()
            }) != 0, errno != EAGAIN, errno != EINTR
        {
            log(.error, "reading DRM events: \(String(cString: strerror(errno)))")
        }
    }

    private func flipped() {
        lastShown = MonotonicClock.now
        if let pendingBuffer { shownBuffer = pendingBuffer }
        pendingBuffer = nil
        applyPower()
        onFlipped?()
    }

    /// A failed flip gets one mode set after a re-probe; a failed mode set on an unchanged
    /// output stalls frames until a hotplug event or the seat coming back (no retry storm).
    private func commitFailed(_ error: DRMError, code: Int32, wasModeSet: Bool) {
        // Master is gone while the seat switches away: the disable event follows.
        if code == EACCES || code == EPERM, !seat.isActive { return }
        needsModeSet = true
        let changed = reprobe(because: "a failed commit (\(error.description))")
        if wasModeSet, !changed, current != nil {
            stalled = true
            log(
                .error,
                "\(error.description): the display refuses frames; waiting for a hotplug event or a VT switch"
            )
        }
    }

    /// Probes the connectors again: a vanished display stops frames, a new or returning one is
    /// set up and drawn whole.
    @discardableResult
    private func reprobe(because reason: String) -> Bool {
        guard let device else { return false }
        let connectors: [ConnectorInfo]
        do {
            connectors = try device.probe()
        } catch {
            onLost?("the DRM device went away: \(error.description)")
            return false
        }
        let pick: OutputChoice.Pick
        do {
            pick = try OutputChoice.pick(
                from: connectors, connector: options.connector, mode: options.mode)
        } catch {
            if current != nil {
                log(.warning, "after \(reason): \(error.description); waiting for a display")
            }
            current = nil
            return false
        }
        if let current, current.connector.id == pick.connector.id, current.mode == pick.mode,
            !stalled
        {
            return false  // nothing changed for us (another connector, or the same display re-announced)
        }
        log(.info, "after \(reason): setting up the output again")
        do {
            try setUp(pick, on: device)
            return true
        } catch {
            log(.error, "\(error.description); waiting for a display")
            current = nil
            return false
        }
    }

    private func seatDisabled() {
        log(.info, "seat disabled (VT switched away): no frames, input suspended")
        onSessionActive?(false)
        seat.acknowledgeDisable()
    }

    private func seatEnabled() {
        log(.info, "seat enabled again: setting the mode, drawing everything, input resumed")
        pendingBuffer = nil
        // The console had the CRTC (active): nothing of ours is on screen, so a display meant to
        // be off shows one frame of ours before it goes off again (`DisplayPower.allowsFrame`).
        shownBuffer = nil
        power.isOn = true
        needsModeSet = true
        stalled = false
        onSessionActive?(true)
        reprobe(because: "the seat came back")
        onRedrawAll?()
    }
}
