import CPlatform
#if canImport(Glibc)
    import Glibc
#endif

/// Signals the loop turns into callbacks.
public enum ProcessSignal: Int32, CaseIterable, Sendable {
    /// SIGTERM: systemd stops the service.
    case terminate = 15
    /// SIGINT: Ctrl-C on a terminal.
    case interrupt = 2
    /// SIGHUP: reload.
    case hangup = 1

    /// The conventional name, e.g. "SIGTERM".
    public var name: String {
        switch self {
        case .terminate: "SIGTERM"
        case .interrupt: "SIGINT"
        case .hangup: "SIGHUP"
        }
    }

    /// A stop (SIGTERM or SIGINT) that arrived while the loop was not running to take it: the
    /// signals are blocked for the loop's signalfd, so work done before the loop runs (waiting
    /// for the display card) looks here to end promptly.
    public static var pendingStop: ProcessSignal? {
        var pending = sigset_t()
        guard sigpending(&pending) == 0 else { return nil }
        return [ProcessSignal.terminate, .interrupt].first {
            sigismember(&pending, $0.rawValue) == 1
        }
    }
}

/// Ownership: the loop owns one signalfd for all handled signals and closes it on deinit.
extension EventLoop {
    struct SignalState {
        let fd: Int32
        let source: SourceID
        var handlers: [Int32: (ProcessSignal) -> Void]
    }

    /// Delivers `signal` to `handler` through a signalfd instead of an asynchronous handler.
    ///
    /// The signal is blocked on the calling thread. Call this on the main thread before any other
    /// thread starts: a thread created later inherits the mask, while one that already runs and
    /// does not block the signal would take the default action (termination) instead.
    public func onSignal(
        _ signal: ProcessSignal, _ handler: @escaping (ProcessSignal) -> Void
    ) throws(PlatformError) {
        var handlers = signalState?.handlers ?? [:]
        handlers[signal.rawValue] = handler
        var mask = sigset_t()
        sigemptyset(&mask)
        for number in handlers.keys { sigaddset(&mask, number) }
        let code = pthread_sigmask(SIG_BLOCK, &mask, nil)
        guard code == 0 else { throw .fromErrno("pthread_sigmask", code) }
        if var state = signalState {
            // Same descriptor, wider mask.
            guard signalfd(state.fd, &mask, 0) >= 0 else { throw .fromErrno("signalfd") }
            state.handlers = handlers
            signalState = state
            return
        }
        let fd = signalfd(-1, &mask, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        guard fd >= 0 else { throw .fromErrno("signalfd") }
        let source: SourceID
        do {
            source = try addSource(fd: fd) { [unowned self] _ in self.drainSignals(fd) }
        } catch {
            close(fd)
            throw error
        }
        signalState = SignalState(fd: fd, source: source, handlers: handlers)
    }

    private func drainSignals(_ fd: Int32) {
        var info = signalfd_siginfo()
        while read(fd, &info, MemoryLayout<signalfd_siginfo>.size)
            == MemoryLayout<signalfd_siginfo>.size
        {
            let number = Int32(bitPattern: info.ssi_signo)
            guard let signal = ProcessSignal(rawValue: number),
                let handler = signalState?.handlers[number]
            else { continue }
            handler(signal)
        }
    }
}
