// Ownership: the pool owns its worker threads (joined in deinit) and one POSIX semaphore per
// worker plus one shared "done" semaphore, allocated in init and destroyed in deinit. Each thread
// gets a retained `Worker` box (released when the thread ends) that refers back to the pool
// unowned: the pool outlives its threads because deinit joins them.
#if canImport(Glibc)
    import Glibc
#endif
import Synchronization

/// Work shared by bands: `composeBand(i, of: n)` runs on the calling thread (band n − 1) and on
/// each worker that joins in time (bands 0..<n − 1), at the same time. A band may not be called
/// at all, so the job hands out its work dynamically (the compositor's stripe counter).
protocol BandJob: AnyObject {
    func composeBand(_ band: Int, of count: Int)
}

/// A small fixed pool of threads that run one `BandJob` at a time alongside the calling thread.
///
/// Handing out a job costs one `sem_post` per worker: no allocation and no lock on the pixel
/// path. The caller never waits for a worker that has not started: a frame is open while the
/// caller draws; a worker joins only an open frame (counted in `state`), and the caller, once
/// its own stripes are done, closes the frame and waits only for the workers inside it. On a
/// busy machine a descheduled worker thus costs nothing: the caller (or another worker) takes
/// its stripes. A worker woken late finds the frame closed and goes back to sleep.
///
/// Not reentrant: call `run` from one thread at a time (the compositor's owner).
final class BandWorkers: @unchecked Sendable {
    /// Bands per job: the workers plus the calling thread.
    let bandCount: Int
    private var threads: [pthread_t] = []
    private let start: UnsafeMutablePointer<sem_t>
    /// Posted by the last worker to leave a closed frame.
    private let done: UnsafeMutablePointer<sem_t>
    /// Bit 0: a frame is open; the rest: twice the workers inside it.
    private let state = Atomic<Int>(0)
    /// The job being run; written before the frame opens, read by workers inside it.
    private var job: (any BandJob)?
    private let stopping = Atomic<Bool>(false)

    /// Starts `threads − 1` workers (the caller is the last band). Returns nil when fewer than two
    /// bands are asked for or a thread cannot be started (the caller then composes alone).
    init?(threads: Int) {
        guard threads >= 2 else { return nil }
        let workers = threads - 1
        start = .allocate(capacity: workers)
        done = .allocate(capacity: 1)
        bandCount = threads
        for i in 0..<workers { sem_init(start + i, 0, 0) }
        sem_init(done, 0, 0)
        for i in 0..<workers {
            // Unowned: the pool joins its threads before it goes (`stopAll`).
            guard let thread = startThread({ [unowned(unsafe) self] in serve(i) }) else {
                stopAll()
                return nil
            }
            self.threads.append(thread)
        }
    }

    deinit {
        stopAll()
        for i in 0..<(bandCount - 1) { sem_destroy(start + i) }
        sem_destroy(done)
        start.deallocate()
        done.deallocate()
    }

    /// Wakes every started thread to end, and waits for them.
    private func stopAll() {
        stopping.store(true, ordering: .sequentiallyConsistent)
        for i in threads.indices { sem_post(start + i) }
        for thread in threads { pthread_join(thread, nil) }
        threads = []
    }

    /// Runs `job` on every band that joins in time; returns when all stripes are drawn and no
    /// worker is inside the frame.
    func run(_ job: any BandJob) {
        self.job = job
        let workers = threads.count
        state.store(1, ordering: .sequentiallyConsistent)
        for i in 0..<workers { sem_post(start + i) }
        job.composeBand(workers, of: workers + 1)
        // Close the frame; wait only for the workers inside it.
        let before = state.bitwiseAnd(~1, ordering: .sequentiallyConsistent).oldValue
        if before >> 1 > 0 {
            while sem_wait(done) != 0 {}  // EINTR: wait again
        }
        self.job = nil
    }

    private func serve(_ index: Int) {
        while true {
            while sem_wait(start + index) != 0 {}
            if stopping.load(ordering: .sequentiallyConsistent) { return }
            guard enter() else { continue }
            job?.composeBand(index, of: bandCount)
            // The last worker out of a closed frame wakes the caller.
            let after = state.subtract(2, ordering: .sequentiallyConsistent).newValue
            if after == 0 { sem_post(done) }
        }
    }

    /// Joins the open frame; false when none is open (a late wake-up).
    private func enter() -> Bool {
        var s = state.load(ordering: .sequentiallyConsistent)
        while s & 1 == 1 {
            let (exchanged, current) = state.compareExchange(
                expected: s, desired: s + 2, ordering: .sequentiallyConsistent)
            if exchanged { return true }
            s = current
        }
        return false
    }
}
