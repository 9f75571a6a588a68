// Ownership: the builder owns one thread (joined in deinit) and a semaphore. A job holds strong
// references to the page and its narrower copies, so none is freed while the worker reads it;
// the worker only reads their pixels and never touches their properties (the loop's thread
// attaches the finished layouts, `PageSurfaceCache.adoptTurningLayouts`). When the loop draws a
// page while the worker reads it, the page's `pixelGeneration` has moved on and the result is
// dropped unread: a torn read is never shown.
#if canImport(Glibc)
    import Glibc
#endif
import Synchronization

/// One page's layouts for turning, built off the loop: the page and its narrower copies (when it
/// has them), each one's `PairLayout`.
final class TurningLayoutJob: @unchecked Sendable {
    let page: ImageBuffer
    /// The page, then its half- and quarter-size copies as they were when submitted.
    let buffers: [ImageBuffer]
    /// The page's `pixelGeneration` when submitted.
    let generation: Int
    /// Set by the worker, one per buffer.
    var layouts: [PairLayout?] = []

    init(page: ImageBuffer) {
        self.page = page
        buffers = page.turningBuffers
        generation = page.pixelGeneration
    }

    /// True while the page is as the job found it: the same pixels and the same copies.
    var isCurrent: Bool {
        let now = page.turningBuffers
        return page.pixelGeneration == generation && now.count == buffers.count
            && zip(now, buffers).allSatisfy { $0 === $1 }
    }
}

/// Builds the column-pair layouts of turning pages on a thread of its own (about 5 ms of work and
/// 20 MB of fresh memory for a 1080p page and its copies; on the loop's thread each one cost a
/// frame or three of the drag it was built for). Jobs go in with `submit` and come back finished
/// with `takeFinished`; the compositor draws the row-major page until then.
final class TurningLayoutBuilder: @unchecked Sendable {
    private struct State {
        var waiting: [TurningLayoutJob] = []
        var busy: TurningLayoutJob?
        var finished: [TurningLayoutJob] = []
        /// Bumped by `discardAll`: a job taken before it is dropped when it finishes.
        var epoch = 0
        var stopping = false
    }

    private let state = Mutex(State())
    private let wake: UnsafeMutablePointer<sem_t>
    private var thread = pthread_t()

    /// Starts the worker; nil when the thread cannot be made (the layouts are then built on the
    /// caller's thread, as before).
    init?() {
        wake = .allocate(capacity: 1)
        sem_init(wake, 0, 0)
        // Unowned: deinit joins the thread before self goes.
        guard let made = startThread({ [unowned self] in serve() }) else {
            sem_destroy(wake)
            wake.deallocate()
            return nil
        }
        thread = made
    }

    deinit {
        state.withLock { $0.stopping = true }
        sem_post(wake)
        pthread_join(thread, nil)
        sem_destroy(wake)
        wake.deallocate()
    }

    /// True when a job for `page`'s current pixels is waiting, being built or finished and not
    /// yet taken.
    func isPending(_ page: ImageBuffer) -> Bool {
        let generation = page.pixelGeneration
        let building = { (job: TurningLayoutJob) in
            job.page === page && job.generation == generation
        }
        return state.withLock { s in
            s.busy.map(building) ?? false || s.waiting.contains(where: building)
                || s.finished.contains(where: building)
        }
    }

    func submit(_ job: TurningLayoutJob) {
        state.withLock { $0.waiting.append(job) }
        sem_post(wake)
    }

    /// The finished jobs, oldest first.
    func takeFinished() -> [TurningLayoutJob] {
        state.withLock { s in
            defer { s.finished.removeAll() }
            return s.finished
        }
    }

    /// Drops every job, waiting, being built (its result when it finishes) or finished: nothing
    /// turns any more, and their memory goes back now.
    func discardAll() {
        state.withLock { s in
            s.waiting.removeAll()
            s.finished.removeAll()
            s.epoch += 1
        }
    }

    /// Blocks until every submitted job is finished (bench and tests; never on the loop).
    func waitUntilIdle() {
        while state.withLock({ !$0.waiting.isEmpty || $0.busy != nil }) { usleep(200) }
    }

    private func serve() {
        // Only on time the loop leaves idle: on a one-core panel a build at normal priority
        // held the frame after it past its vblank (10 missed frames in a 10 s drag). The
        // packaged units' system-call filter (~@resources) refuses this; the build then yields
        // between slices of columns instead (`PairLayout(of:yielding:)`).
        // SCHED_IDLE (5, <linux/sched.h>): Glibc's module map leaves the GNU policies out.
        var idle = sched_param()
        _ = pthread_setschedparam(pthread_self(), 5, &idle)
        while true {
            while sem_wait(wake) != 0 {}
            let next: (TurningLayoutJob, Int)? = state.withLock { s in
                if s.stopping || s.waiting.isEmpty { return nil }
                let job = s.waiting.removeFirst()
                s.busy = job
                return (job, s.epoch)
            }
            guard let (job, epoch) = next else {
                if state.withLock({ $0.stopping }) { return }
                continue
            }
            job.layouts = job.buffers.map { PairLayout(of: $0, yielding: true) }
            state.withLock { s in
                s.busy = nil
                if s.epoch == epoch { s.finished.append(job) }
            }
        }
    }
}
