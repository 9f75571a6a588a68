#if canImport(Glibc)
    import Glibc
#endif

/// Runs `body` (which starts threads) with every signal blocked on the calling thread, then
/// restores the mask. A thread inherits its creator's mask, so worker threads never take a
/// process signal: SIGTERM and SIGHUP stay for the loop's signalfd, whatever order the threads
/// and the signalfd were set up in (an unblocked worker would die of SIGTERM's default action).
public func withSignalsBlocked<T>(_ body: () -> T) -> T {
    var all = sigset_t()
    var old = sigset_t()
    sigfillset(&all)
    pthread_sigmask(SIG_SETMASK, &all, &old)
    defer { pthread_sigmask(SIG_SETMASK, &old, nil) }
    return body()
}

/// Starts a thread that runs `body`, with every signal blocked (`withSignalsBlocked`); nil when
/// the thread cannot be made. The caller joins it (`pthread_join`) before anything `body` uses
/// goes away.
public func startThread(_ body: @escaping () -> Void) -> pthread_t? {
    let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    var thread = pthread_t()
    let made = withSignalsBlocked {
        pthread_create(
            &thread, nil,
            { raw in
                guard let raw else { return nil }
                Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue().run()
                return nil
            }, box)
    }
    guard made == 0 else {
        Unmanaged<ThreadBody>.fromOpaque(box).release()
        return nil
    }
    return thread
}

/// What `startThread` hands its thread: the closure, retained until the thread takes it.
private final class ThreadBody {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}
