import CWayland
import Glibc
import KioskCore
import KioskPlatform

// Ownership: WaylandDisplay owns the wl_display connection, the registry, the bound globals and
// the seat and output wrappers. A WaylandWindow keeps its display alive, so the window's proxies
// are always destroyed before the connection closes. deinit releases devices, then globals, then
// disconnects.

private nonisolated(unsafe) let registryListener = UnsafeMutablePointer<wl_registry_listener>
    .permanent(
        wl_registry_listener(
            global: { data, registry, name, interface, version in
                guard let registry, let interface else { return }
                callbackOwner(data, as: WaylandDisplay.self).globalAdded(
                    registry: registry, name: name, interface: String(cString: interface),
                    version: version)
            },
            global_remove: { data, _, name in
                callbackOwner(data, as: WaylandDisplay.self).globalRemoved(name: name)
            }))

private nonisolated(unsafe) let wmBaseListener = UnsafeMutablePointer<xdg_wm_base_listener>
    .permanent(
        xdg_wm_base_listener(ping: { _, wmBase, serial in
            // Unanswered pings make compositors mark the client unresponsive.
            xdg_wm_base_pong(wmBase, serial)
        }))

/// A connection to the Wayland compositor and its globals, driven by an `EventLoop`.
public final class WaylandDisplay {
    let display: OpaquePointer
    private var registry: OpaquePointer?
    private(set) var compositor: OpaquePointer?
    private(set) var compositorVersion: UInt32 = 0
    private(set) var shm: OpaquePointer?
    private(set) var wmBase: OpaquePointer?
    /// wp_presentation, when the compositor offers it (frame statistics).
    private(set) var presentation: OpaquePointer?
    /// zwlr_output_power_manager_v1, when the compositor offers it (sway, cage; not weston).
    private var powerManager: OpaquePointer?
    /// The power controls made so far, one per output asked about (`setOutputPower`).
    private var powers: [OutputPower] = []
    private var seats: [WaylandSeat] = []
    private(set) var outputs: [WaylandOutput] = []
    /// The one window input goes to.
    weak var window: WaylandWindow?

    private weak var loop: EventLoop?
    private var source: EventLoop.SourceID?
    private var hook: EventLoop.SourceID?
    private var waitingToWrite = false
    /// True while events are being dispatched (see `readPendingEvents`).
    private var dispatching = false
    /// Set once the connection failed; nothing is sent after that.
    public private(set) var isClosed = false

    /// Called once when the compositor goes away or the connection fails, with one line for
    /// the log. The app should exit with status 1.
    public var onClosed: ((String) -> Void)?

    /// Connects to `name` (nil: $WAYLAND_DISPLAY, default "wayland-0") and binds the globals.
    public init(name: String? = nil) throws(WaylandError) {
        guard let display = wl_display_connect(name) else {
            let shown =
                name ?? Glibc.getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? "wayland-0"
            throw .cannotConnect(display: shown, reason: String(cString: strerror(errno)))
        }
        self.display = display
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, registryListener, callbackData(self))
        // First roundtrip: the globals; second: the events of what was bound (seat capabilities,
        // output scales), so the first configure already knows the scale.
        guard wl_display_roundtrip(display) >= 0, wl_display_roundtrip(display) >= 0 else {
            throw .connectionLost(failureReason(errno))
        }
        guard compositor != nil else { throw .missingGlobal("wl_compositor") }
        guard shm != nil else { throw .missingGlobal("wl_shm") }
        guard wmBase != nil else { throw .missingGlobal("xdg_wm_base (xdg-shell)") }
    }

    deinit {
        detach()
        seats.removeAll()
        powers.removeAll()
        outputs.removeAll()
        if let powerManager { zwlr_output_power_manager_v1_destroy(powerManager) }
        if let presentation { wp_presentation_destroy(presentation) }
        if let wmBase { xdg_wm_base_destroy(wmBase) }
        if let shm { wl_shm_destroy(shm) }
        if let compositor { wl_compositor_destroy(compositor) }
        if let registry { wl_registry_destroy(registry) }
        if !isClosed { wl_display_flush(display) }
        wl_display_disconnect(display)
    }

    /// The connection's socket (for diagnostics; `attach` registers it).
    public var fileDescriptor: Int32 { wl_display_get_fd(display) }

    /// Names of the outputs' current modes and scales, e.g. ["1920x1080@1"] (diagnostics).
    public var outputSummary: [String] {
        outputs.map { "\($0.mode.width)x\($0.mode.height)@\($0.scale)" }
    }

    // MARK: globals

    fileprivate func globalAdded(
        registry: OpaquePointer, name: UInt32, interface: String, version: UInt32
    ) {
        switch interface {
        case "wl_compositor" where compositor == nil:
            compositorVersion = min(version, 4)
            compositor = OpaquePointer(
                wl_registry_bind(registry, name, kiosk_wl_compositor_interface(), compositorVersion)
            )
        case "wl_shm" where shm == nil:
            shm = OpaquePointer(wl_registry_bind(registry, name, kiosk_wl_shm_interface(), 1))
        case "xdg_wm_base" where wmBase == nil:
            let bound = min(version, UInt32(kiosk_xdg_wm_base_header_version()))
            wmBase = OpaquePointer(
                wl_registry_bind(registry, name, kiosk_xdg_wm_base_interface(), bound))
            xdg_wm_base_add_listener(wmBase, wmBaseListener, nil)
        case "wp_presentation" where presentation == nil:
            // Version 1 has everything used here (feedback per commit); the clock_id event is
            // ignored because only differences between presentation times are used.
            presentation = OpaquePointer(
                wl_registry_bind(registry, name, kiosk_wp_presentation_interface(), 1))
        case "zwlr_output_power_manager_v1" where powerManager == nil:
            powerManager = OpaquePointer(
                wl_registry_bind(
                    registry, name, kiosk_zwlr_output_power_manager_v1_interface(), 1))
        case "wl_seat":
            seats.append(
                WaylandSeat(
                    registry: registry, name: name, version: version,
                    onTouch: { [unowned self] event in self.window?.onTouch?(event) },
                    onKey: { [unowned self] event in self.window?.onKey?(event) }))
        case "wl_output":
            let output = WaylandOutput(registry: registry, name: name, version: version)
            output.onChange = { [unowned self] in self.window?.scaleMayHaveChanged() }
            outputs.append(output)
        default:
            break
        }
    }

    fileprivate func globalRemoved(name: UInt32) {
        seats.removeAll { $0.globalName == name }
        if let index = outputs.firstIndex(where: { $0.globalName == name }) {
            let output = outputs.remove(at: index)
            powers.removeAll { $0.output == output.proxy }
            window?.outputRemoved(output)
        }
    }

    /// Powers `outputs` down or up through wlr-output-power-management. False when the
    /// compositor does not offer it, or refused every output (the caller shows black instead).
    func setOutputPower(on: Bool, outputs chosen: [WaylandOutput]) -> Bool {
        guard let powerManager, !chosen.isEmpty else { return false }
        var applied = false
        for output in chosen {
            let power =
                powers.first { $0.output == output.proxy }
                ?? {
                    let made = OutputPower(manager: powerManager, output: output.proxy)
                    powers.append(made)
                    return made
                }()
            power.set(on: on)
            applied = applied || !power.hasFailed
        }
        return applied
    }

    // MARK: event loop

    /// Reads and dispatches the compositor's events whenever the socket is readable and flushes
    /// requests before each wait. Call once.
    public func attach(to loop: EventLoop) throws(PlatformError) {
        precondition(self.loop == nil, "WaylandDisplay is already attached to a loop")
        self.loop = loop
        source = try loop.addSource(fd: fileDescriptor, events: .readable) {
            [unowned self] events in
            self.handle(events)
        }
        hook = loop.addBeforeWaitHook { [unowned self] in self.beforeWait() }
    }

    /// Stops using the loop (also done on deinit and when the connection fails).
    public func detach() {
        if let source { loop?.removeSource(source) }
        if let hook { loop?.removeHook(hook) }
        source = nil
        hook = nil
        loop = nil
    }

    /// Runs `action` once after `delay` seconds on the loop (no-op when detached).
    func after(_ delay: Double, _ action: @escaping () -> Void) {
        guard let loop else { return }
        do {
            try loop.addTimer(after: delay) { _ in action() }
        } catch {
            // Without a timer the action runs at the next wake-up instead; nothing is lost.
            action()
        }
    }

    /// Reads and dispatches the events already waiting on the socket, without blocking: a
    /// long-press deadline is decided only after the touches that came before it, even when the
    /// loop happens to run the deadline's timer before the socket in a round. A no-op while the
    /// connection is dispatching (a draw from a frame callback): libwayland's dispatch is not
    /// reentrant, and there every event before the callback has been dispatched already.
    public func readPendingEvents() {
        guard !isClosed, !dispatching else { return }
        var poller = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 0) == 1, poller.revents & Int16(POLLIN) != 0 else { return }
        handle(.readable)
    }

    private func handle(_ events: EventLoop.Events) {
        guard !isClosed else { return }
        dispatching = true
        defer { dispatching = false }
        if events.contains(.readable) {
            // Everything queued was dispatched before the wait, so prepare_read normally succeeds
            // at once; the loop covers events queued by a nested roundtrip.
            while wl_display_prepare_read(display) != 0 {
                guard wl_display_dispatch_pending(display) >= 0 else { return fail() }
            }
            guard wl_display_read_events(display) >= 0 else { return fail() }
            guard wl_display_dispatch_pending(display) >= 0 else { return fail() }
        } else if !events.isDisjoint(with: [.hangup, .error]) {
            return fail(reason: "the compositor closed the connection")
        }
        if events.contains(.writable) { flush() }
    }

    private func beforeWait() {
        guard !isClosed else { return }
        dispatching = true
        defer { dispatching = false }
        guard wl_display_dispatch_pending(display) >= 0 else { return fail() }
        window?.drawIfNeeded()
        flush()
    }

    /// Sends buffered requests; when the socket is full, waits for it to become writable.
    func flush() {
        guard !isClosed else { return }
        if wl_display_flush(display) >= 0 {
            if waitingToWrite { setWaitingToWrite(false) }
        } else if errno == EAGAIN {
            if !waitingToWrite { setWaitingToWrite(true) }
        } else {
            fail()
        }
    }

    private func setWaitingToWrite(_ waiting: Bool) {
        waitingToWrite = waiting
        guard let loop, let source else { return }
        do {
            try loop.modifySource(source, events: waiting ? [.readable, .writable] : .readable)
        } catch {
            fail(reason: "cannot watch the compositor socket: \(error)")
        }
    }

    private func fail(reason: String? = nil) {
        let code = errno
        fail(WaylandError.connectionLost(reason ?? failureReason(code)))
    }

    /// Stops all traffic and reports `error` once through `onClosed`.
    func fail(_ error: WaylandError) {
        guard !isClosed else { return }
        isClosed = true
        let message = error.description
        detach()
        onClosed?(message)
    }

    private func failureReason(_ code: Int32) -> String {
        let error = wl_display_get_error(display)
        if error == EPROTO {
            var interface: UnsafePointer<wl_interface>?
            var id: UInt32 = 0
            let protocolCode = wl_display_get_protocol_error(display, &interface, &id)
            let name = interface.map { String(cString: $0.pointee.name) } ?? "unknown interface"
            return
                "protocol error \(protocolCode) on \(name)@\(id) (a kiosk-shell bug or a compositor incompatibility)"
        }
        let errorCode = error != 0 ? error : code
        return "the compositor closed the connection (\(String(cString: strerror(errorCode))))"
    }
}
