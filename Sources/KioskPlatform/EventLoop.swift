import CPlatform
#if canImport(Glibc)
    import Glibc
#endif

/// A single-threaded epoll loop: file-descriptor sources, timers (timerfd), signals (signalfd) and
/// hooks that run before each wait (the Wayland backend flushes its requests there).
///
/// Not thread-safe: create it, register everything and call `run()` on one thread (the main
/// thread). Callbacks run on that thread, one at a time. A callback may add or remove sources,
/// timers and hooks, including its own; an event already collected for a source removed in the
/// same round is dropped, never delivered to a newer source that reuses the descriptor number.
public final class EventLoop {
    /// Readiness of a source, as registered and as reported.
    public struct Events: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let readable = Events(rawValue: EPOLLIN.rawValue)
        public static let writable = Events(rawValue: EPOLLOUT.rawValue)
        /// The peer hung up (reported even when not asked for).
        public static let hangup = Events(rawValue: EPOLLHUP.rawValue)
        /// An error on the descriptor (reported even when not asked for).
        public static let error = Events(rawValue: EPOLLERR.rawValue)
    }

    /// Identifies a registered descriptor source.
    public struct SourceID: Hashable, Sendable {
        let raw: UInt64
    }

    struct Source {
        let fd: Int32
        let handler: (Events) -> Void
    }

    private let epollFD: Int32
    private var sources: [UInt64: Source] = [:]
    private var nextID: UInt64 = 1
    private var beforeWaitHooks: [(id: UInt64, hook: () -> Void)] = []
    private var stopRequested = false
    /// Timers and signals keep their own descriptors; the loop closes them on deinit.
    var timers: [UInt64: TimerState] = [:]
    var signalState: SignalState?

    /// Creates the epoll instance.
    public init() throws(PlatformError) {
        let fd = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard fd >= 0 else { throw .fromErrno("epoll_create1") }
        epollFD = fd
    }

    deinit {
        for timer in timers.values { close(timer.fd) }
        if let signalState { close(signalState.fd) }
        close(epollFD)
    }

    func makeID() -> UInt64 {
        defer { nextID += 1 }
        return nextID
    }

    // MARK: descriptor sources

    /// Watches `fd` for `events`; `handler` gets the events that occurred. The loop does not own
    /// the descriptor: remove the source before closing it.
    @discardableResult
    public func addSource(
        fd: Int32, events: Events = .readable, _ handler: @escaping (Events) -> Void
    ) throws(PlatformError) -> SourceID {
        let id = makeID()
        var event = epoll_event()
        event.events = events.rawValue
        event.data.u64 = id
        guard epoll_ctl(epollFD, EPOLL_CTL_ADD, fd, &event) == 0 else {
            throw .fromErrno("epoll_ctl(ADD, fd \(fd))")
        }
        sources[id] = Source(fd: fd, handler: handler)
        return SourceID(raw: id)
    }

    /// Changes which events a source waits for (for example adding `.writable` while output is
    /// pending).
    public func modifySource(_ id: SourceID, events: Events) throws(PlatformError) {
        guard let source = sources[id.raw] else { throw .invalidRegistration("unknown source") }
        var event = epoll_event()
        event.events = events.rawValue
        event.data.u64 = id.raw
        guard epoll_ctl(epollFD, EPOLL_CTL_MOD, source.fd, &event) == 0 else {
            throw .fromErrno("epoll_ctl(MOD, fd \(source.fd))")
        }
    }

    /// Stops watching a source. Unknown ids are ignored (removing twice is harmless).
    public func removeSource(_ id: SourceID) {
        guard let source = sources.removeValue(forKey: id.raw) else { return }
        // The descriptor may already be closed by its owner; EBADF is fine then.
        _ = epoll_ctl(epollFD, EPOLL_CTL_DEL, source.fd, nil)
    }

    // MARK: hooks

    /// Runs `hook` before every wait, in registration order. Returns an id for `removeHook`.
    @discardableResult
    public func addBeforeWaitHook(_ hook: @escaping () -> Void) -> SourceID {
        let id = makeID()
        beforeWaitHooks.append((id, hook))
        return SourceID(raw: id)
    }

    /// Removes a hook added with `addBeforeWaitHook`.
    public func removeHook(_ id: SourceID) {
        beforeWaitHooks.removeAll { $0.id == id.raw }
    }

    // MARK: running

    /// Dispatches events until `stop()` is called from a callback.
    public func run() throws(PlatformError) {
        stopRequested = false
        while !stopRequested {
            try runOnce(timeout: nil)
        }
    }

    /// Makes `run()` return after the callback that called it.
    public func stop() {
        stopRequested = true
    }

    /// Whether `stop()` was called since the last `run()` began.
    public var isStopped: Bool { stopRequested }

    /// Runs the before-wait hooks, waits up to `timeout` seconds (nil: forever) and dispatches what
    /// arrived. Returns the number of callbacks run. Tests step the loop with this.
    @discardableResult
    public func runOnce(timeout: Double?) throws(PlatformError) -> Int {
        for entry in beforeWaitHooks { entry.hook() }
        if stopRequested { return 0 }
        let capacity = 32
        var events = [epoll_event](repeating: epoll_event(), count: capacity)
        let millis: Int32 =
            timeout.map { Int32(max(0, min($0 * 1000, Double(Int32.max)).rounded(.up))) } ?? -1
        // Not empty, so the base address exists; force-unwrapped because glibc 2.41's headers mark
        // the parameter non-null (imported non-optional) where 2.36's did not.
        let count = events.withUnsafeMutableBufferPointer { buffer in
            epoll_wait(epollFD, buffer.baseAddress!, Int32(capacity), millis)
        }
        if count < 0 {
            if errno == EINTR { return 0 }
            throw .fromErrno("epoll_wait")
        }
        var dispatched = 0
        for index in 0..<Int(count) {
            let id = events[index].data.u64
            // Looked up per event: an earlier callback of this round may have removed it.
            guard let source = sources[id] else { continue }
            source.handler(Events(rawValue: events[index].events))
            dispatched += 1
        }
        return dispatched
    }
}
