import CPlatform
#if canImport(Glibc)
    import Glibc
#endif

/// Ownership: a LoopTimer owns one timerfd (CLOCK_MONOTONIC) for its whole life, registered as a
/// source of its loop; `invalidate()` (or deinit) removes the source and closes the descriptor.
///
/// One timer for one purpose (the clock's next tick, a long-press deadline, the idle timeout),
/// re-armed with `timerfd_settime` each time instead of a new descriptor per arm: no
/// `timerfd_create`/`epoll_ctl`/`close` per frame.
public final class LoopTimer {
    private let loop: EventLoop
    /// The one timerfd (tests check it stays the same across arms).
    let fd: Int32
    private var source: EventLoop.SourceID?
    private let handler: () -> Void
    /// True between `arm` and the expiry (or `disarm`).
    public private(set) var isArmed = false

    /// A disarmed timer on `loop` that calls `handler` when it expires.
    public init(loop: EventLoop, _ handler: @escaping () -> Void) throws(PlatformError) {
        self.loop = loop
        self.handler = handler
        fd = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard fd >= 0 else { throw .fromErrno("timerfd_create") }
        do {
            source = try loop.addSource(fd: fd) { [unowned self] _ in expired() }
        } catch {
            close(fd)
            throw error
        }
    }

    deinit { invalidate() }

    /// Fires once, `delay` seconds from now (replacing any earlier arming).
    public func arm(after delay: Double) {
        precondition(delay >= 0 && delay.isFinite, "timer delay must be finite and not negative")
        guard source != nil else { return }
        // A zero it_value disarms a timerfd, so "now" becomes one nanosecond.
        var spec = itimerspec(
            it_interval: EventLoop.timespec(0), it_value: EventLoop.timespec(max(delay, 1e-9)))
        isArmed = timerfd_settime(fd, 0, &spec, nil) == 0
    }

    /// Stops a pending expiry; harmless when not armed.
    public func disarm() {
        guard isArmed, source != nil else { return }
        var spec = itimerspec()
        _ = timerfd_settime(fd, 0, &spec, nil)
        isArmed = false
    }

    /// Unregisters and closes the descriptor; the timer never fires again.
    public func invalidate() {
        guard let source else { return }
        loop.removeSource(source)
        self.source = nil
        close(fd)
        isArmed = false
    }

    private func expired() {
        var count: UInt64 = 0
        // EAGAIN: disarmed or re-armed since the wakeup was collected.
        guard read(fd, &count, MemoryLayout<UInt64>.size) == MemoryLayout<UInt64>.size else {
            return
        }
        isArmed = false
        handler()
    }
}
