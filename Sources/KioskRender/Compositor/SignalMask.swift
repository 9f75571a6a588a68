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
