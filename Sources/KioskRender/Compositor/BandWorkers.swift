// Ownership: the pool owns its worker threads (joined in deinit) and one POSIX semaphore per
// worker plus one shared "done" semaphore, allocated in init and destroyed in deinit. Each thread
// gets a retained `Worker` box (released when the thread ends) that refers back to the pool
// unowned: the pool outlives its threads because deinit joins them.
#if canImport(Glibc)
import Glibc
#endif

/// Work split into bands: `composeBand(i, of: n)` is called once for each i in 0..<n, band 0 on
/// the calling thread and the others on the pool's threads, all at the same time.
protocol BandJob: AnyObject {
    func composeBand(_ band: Int, of count: Int)
}

/// A small fixed pool of threads that run one `BandJob` at a time alongside the calling thread.
///
/// Handing out a job costs one `sem_post` per worker and one `sem_wait` per worker for the
/// result: no allocation and no lock on the pixel path. The semaphores are also the memory
/// barriers that make the caller's writes (the job's plans) visible to the workers and the
/// workers' pixels visible to the caller afterwards.
///
/// Not reentrant: call `run` from one thread at a time (the compositor's owner).
final class BandWorkers: @unchecked Sendable {
    /// Bands per job: the workers plus the calling thread.
    let bandCount: Int
    private var threads: [pthread_t] = []
    private let start: UnsafeMutablePointer<sem_t>
    private let done: UnsafeMutablePointer<sem_t>
    /// The job being run; written before the workers are woken, read by them after.
    private var job: (any BandJob)?
    private var stopping = false

    /// A box per thread: which pool and which band it runs.
    private final class Worker {
        unowned(unsafe) let pool: BandWorkers
        let index: Int
        init(pool: BandWorkers, index: Int) {
            self.pool = pool
            self.index = index
        }
    }

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
            let box = Unmanaged.passRetained(Worker(pool: self, index: i)).toOpaque()
            var thread = pthread_t()
            let result = withSignalsBlocked {
                pthread_create(&thread, nil, { raw in
                    guard let raw else { return nil }
                    let worker = Unmanaged<Worker>.fromOpaque(raw).takeRetainedValue()
                    worker.pool.serve(worker.index)
                    return nil
                }, box)
            }
            guard result == 0 else {
                Unmanaged<Worker>.fromOpaque(box).release()
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
        stopping = true
        for i in threads.indices { sem_post(start + i) }
        for thread in threads { pthread_join(thread, nil) }
        threads = []
    }

    /// Runs `job` on every band; returns when all are done.
    func run(_ job: any BandJob) {
        self.job = job
        let workers = threads.count
        for i in 0..<workers { sem_post(start + i) }
        job.composeBand(workers, of: workers + 1)
        for _ in 0..<workers {
            while sem_wait(done) != 0 {}  // EINTR: wait again
        }
        self.job = nil
    }

    private func serve(_ index: Int) {
        while true {
            while sem_wait(start + index) != 0 {}
            if stopping { return }
            job?.composeBand(index, of: bandCount)
            sem_post(done)
        }
    }
}
