import CSystemdBus
import KioskPlatform
#if canImport(Glibc)
    import Glibc
#endif

// Ownership: the connection owns one sd_bus (kiosk_bus_open … sd_bus_flush_close_unref in
// deinit). On a loop it registers the bus fd as a source, one before-wait hook and at most one
// timer for sd-bus's own deadlines, all removed in `detach()`.

/// An sd-bus connection, optionally driven by the kiosk's epoll loop
/// (sd_bus_get_fd/get_events/get_timeout before each wait, sd_bus_process when ready).
final class BusConnection {
    let bus: OpaquePointer
    private weak var loop: EventLoop?
    private var source: EventLoop.SourceID?
    private var sourceEvents: EventLoop.Events = []
    private var hook: EventLoop.SourceID?
    private var timer: EventLoop.TimerID?
    private var timerDeadline: UInt64 = .max

    /// Connects to `address` (a D-Bus address), or to the system bus when nil.
    init(address: String?) throws(ControlError) {
        var bus: OpaquePointer?
        let code = address.map { kiosk_bus_open($0, &bus) } ?? kiosk_bus_open(nil, &bus)
        guard code >= 0, let bus else {
            throw .dbus(
                "cannot connect to \(address ?? "the system bus"): \(String(cString: strerror(-code)))"
            )
        }
        self.bus = bus
    }

    deinit {
        detach()
        sd_bus_flush_close_unref(bus)
    }

    /// Drives the connection from `loop` from now on.
    func attach(to loop: EventLoop) throws(ControlError) {
        self.loop = loop
        let fd = sd_bus_get_fd(bus)
        guard fd >= 0 else { throw .dbus("no bus descriptor: \(String(cString: strerror(-fd)))") }
        do {
            source = try loop.addSource(fd: fd, events: .readable) { [unowned self] _ in process() }
        } catch { throw .dbus("\(error)") }
        sourceEvents = .readable
        hook = loop.addBeforeWaitHook { [unowned self] in prepareWait() }
    }

    func detach() {
        guard let loop else { return }
        if let source { loop.removeSource(source) }
        if let hook { loop.removeHook(hook) }
        if let timer { loop.cancelTimer(timer) }
        source = nil
        hook = nil
        timer = nil
        self.loop = nil
    }

    /// Handles everything sd-bus has to do now (incoming calls, replies, queued output).
    func process() {
        while sd_bus_process(bus, nil) > 0 {}
    }

    /// Before each wait: process what is already buffered, then wait for what sd-bus asks for
    /// (POLLOUT while output is queued) until its next deadline (a method call's timeout).
    private func prepareWait() {
        process()
        guard let loop, let source else { return }
        let poll = sd_bus_get_events(bus)
        var wanted: EventLoop.Events = []
        if poll >= 0 {
            if poll & Int32(POLLIN) != 0 { wanted.insert(.readable) }
            if poll & Int32(POLLOUT) != 0 { wanted.insert(.writable) }
        }
        if wanted != sourceEvents {
            try? loop.modifySource(source, events: wanted)
            sourceEvents = wanted
        }
        var deadline: UInt64 = .max
        if sd_bus_get_timeout(bus, &deadline) < 0 { deadline = .max }
        guard deadline != timerDeadline else { return }
        if let timer { loop.cancelTimer(timer) }
        timer = nil
        timerDeadline = deadline
        guard deadline != .max else { return }
        // sd-bus deadlines are CLOCK_MONOTONIC microseconds.
        let delay = max(0, Double(deadline) / 1_000_000 - MonotonicClock.now)
        timer = try? loop.addTimer(after: delay) { [unowned self] _ in
            timer = nil
            timerDeadline = .max
            process()
        }
    }
}
