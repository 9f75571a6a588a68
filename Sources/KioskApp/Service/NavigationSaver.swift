// Ownership: the saver owns one thread (joined in `stop()`/deinit) and one semaphore; the state
// to write crosses threads only through the mutex-protected slot.
#if canImport(Glibc)
    import Glibc
#endif
import KioskCore
import KioskPlatform
import KioskRender
import Logging
import Synchronization

/// Writes the navigation state on its own thread, so the write and its two fsyncs never hold up
/// the event loop (a touch, the next frame). Saves are coalesced: when several come while one is
/// written, only the latest is written next.
final class NavigationSaver: @unchecked Sendable {
    private struct Slot {
        var pending: (state: NavigationState, store: NavigationStore)?
        var writing = false
        var stopping = false
        var failureLogged = false
    }

    private let slot = Mutex(Slot())
    private let wake: UnsafeMutablePointer<sem_t>
    private var thread = pthread_t()
    private var running = false
    private let log: Logger
    /// Writes done (tests).
    private let written = Atomic<Int>(0)

    init(log: Logger) {
        self.log = log
        wake = .allocate(capacity: 1)
        sem_init(wake, 0, 0)
    }

    deinit {
        stop()
        sem_destroy(wake)
        wake.deallocate()
    }

    /// Saves `state` into `store` soon, replacing a save not yet started.
    func save(_ state: NavigationState, to store: NavigationStore) {
        if !running { start() }
        slot.withLock { $0.pending = (state, store) }
        sem_post(wake)
    }

    /// Waits until nothing is left to write (at exit), at most `timeout` seconds.
    func flush(timeout: Double = 2) {
        let end = MonotonicClock.now + timeout
        while slot.withLock({ $0.pending != nil || $0.writing }) && MonotonicClock.now < end {
            usleep(1000)
        }
    }

    /// Writes what is pending, then ends the thread.
    func stop() {
        guard running else { return }
        flush()
        slot.withLock { $0.stopping = true }
        sem_post(wake)
        pthread_join(thread, nil)
        running = false
    }

    var writeCount: Int { written.load(ordering: .relaxed) }

    private func start() {
        // Unowned: stopping joins the thread before self goes.
        guard let made = startThread({ [unowned self] in serve() }) else { return }
        thread = made
        running = true
    }

    private func serve() {
        while true {
            while sem_wait(wake) != 0 {}
            let job = slot.withLock { s -> (state: NavigationState, store: NavigationStore)?? in
                if let pending = s.pending {
                    s.pending = nil
                    s.writing = true
                    return pending
                }
                return s.stopping ? .some(nil) : nil
            }
            guard let job else { continue }
            guard let (state, store) = job else { return }
            write(state, to: store)
            slot.withLock { $0.writing = false }
        }
    }

    private func write(_ state: NavigationState, to store: NavigationStore) {
        do {
            try store.save(state)
            written.add(1, ordering: .relaxed)
            slot.withLock { $0.failureLogged = false }
            log.debug("navigation saved to \(store.path)")
        } catch {
            let first = slot.withLock { s in
                defer { s.failureLogged = true }
                return !s.failureLogged
            }
            if first { log.warning("cannot save the navigation: \(error.description)") }
        }
    }
}
