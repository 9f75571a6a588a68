import CPlatform
#if canImport(Glibc)
    import Glibc
#endif

/// Ownership: each timer owns one timerfd (CLOCK_MONOTONIC), registered as a source of the loop;
/// cancelling removes the source and closes the descriptor.
extension EventLoop {
    /// Identifies a timer for `cancelTimer`.
    public struct TimerID: Hashable, Sendable {
        let raw: UInt64
    }

    struct TimerState {
        let fd: Int32
        let source: SourceID
        let repeating: Bool
    }

    /// Calls `handler` once after `delay` seconds, or every `interval` seconds after that when
    /// `interval` is given. A repeating timer that fell behind calls the handler once with the
    /// number of expirations missed included in `expirations`.
    @discardableResult
    public func addTimer(
        after delay: Double, repeating interval: Double? = nil,
        _ handler: @escaping (_ expirations: UInt64) -> Void
    ) throws(PlatformError) -> TimerID {
        precondition(delay >= 0 && delay.isFinite, "timer delay must be finite and not negative")
        precondition(
            interval.map { $0 > 0 && $0.isFinite } ?? true, "timer interval must be positive")
        let fd = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard fd >= 0 else { throw .fromErrno("timerfd_create") }
        // A zero it_value disarms a timerfd, so "now" becomes one nanosecond.
        var spec = itimerspec(
            it_interval: Self.timespec(interval ?? 0), it_value: Self.timespec(max(delay, 1e-9)))
        guard timerfd_settime(fd, 0, &spec, nil) == 0 else {
            let error = PlatformError.fromErrno("timerfd_settime")
            close(fd)
            throw error
        }
        let id = makeID()
        let source: SourceID
        do {
            source = try addSource(fd: fd) { [unowned self] _ in
                var count: UInt64 = 0
                let n = read(fd, &count, MemoryLayout<UInt64>.size)
                guard n == MemoryLayout<UInt64>.size else { return }  // EAGAIN: spurious wakeup
                guard let timer = self.timers[id] else { return }
                if !timer.repeating { self.cancelTimer(TimerID(raw: id)) }
                handler(count)
            }
        } catch {
            close(fd)
            throw error
        }
        timers[id] = TimerState(fd: fd, source: source, repeating: interval != nil)
        return TimerID(raw: id)
    }

    /// Stops a timer; unknown or already fired one-shot timers are ignored.
    public func cancelTimer(_ id: TimerID) {
        guard let timer = timers.removeValue(forKey: id.raw) else { return }
        removeSource(timer.source)
        close(timer.fd)
    }

    static func timespec(_ seconds: Double) -> Glibc.timespec {
        let whole = seconds.rounded(.down)
        return Glibc.timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1_000_000_000))
    }
}
