// Ownership: the rasteriser owns one thread (joined in deinit), a pipe (both ends closed in
// deinit) and a semaphore. A job's ImageBuffer belongs to the worker from `submit` until it is
// back in `takeFinished`, and to the caller's thread after: cairo surfaces are not thread-safe,
// so no surface is ever touched by two threads at once. The worker draws with its own
// PageRenderer (its own pango font map and image cache), made on the worker thread.
#if canImport(Glibc)
    import Glibc
#endif
import KioskCore
import Synchronization

/// One page to rasterise ahead: what to draw, and when drawn, its pixels and layout.
final class AheadJob: @unchecked Sendable {
    let content: LayerContent
    let panel: Panel
    let size: Size
    let scale: Double
    let theme: Theme
    let now: WallClockTime
    /// The cache's configuration generation when submitted: a reload since drops the result.
    let generation: Int
    /// Set by the worker.
    var buffer: ImageBuffer?
    var layout: PanelLayout?
    var shown: [String?] = []

    init(
        content: LayerContent, panel: Panel, size: Size, scale: Double, theme: Theme,
        now: WallClockTime, generation: Int
    ) {
        self.content = content
        self.panel = panel
        self.size = size
        self.scale = scale
        self.theme = theme
        self.now = now
        self.generation = generation
    }

    /// Bytes the finished surface will hold.
    var bytes: Int {
        guard let pixels = PageSurfaceCache.pixelSize(size, scale: scale) else { return 0 }
        return pixels.height * ((pixels.width * 4 + 3) & ~3)
    }
}

/// Rasterises pages on one worker thread so a page about to appear is drawn before the frame
/// that shows it. Jobs go in with `submit`; finished ones come back with `takeFinished` on the
/// owner's thread, which `notificationFD` (a pipe) wakes: register it with the event loop.
public final class AheadRasteriser: @unchecked Sendable {
    private struct Queues {
        var waiting: [AheadJob] = []
        var finished: [AheadJob] = []
        var busy = 0
        var stopping = false
    }

    private let queues = Mutex(Queues())
    private let wake: UnsafeMutablePointer<sem_t>
    private var thread = pthread_t()
    private var started = false
    private let pipeRead: Int32
    private let pipeWrite: Int32

    /// Readable while finished jobs wait for `PageSurfaceCache.adoptAhead()`.
    public var notificationFD: Int32 { pipeRead }

    /// Starts the worker; nil when the thread or the pipe cannot be made (pages are then drawn
    /// on the frame path, as without it).
    public init?() {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        pipeRead = fds[0]
        pipeWrite = fds[1]
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        wake = .allocate(capacity: 1)
        sem_init(wake, 0, 0)
        // Unowned: deinit joins the thread before self goes.
        guard let made = startThread({ [unowned self] in serve() }) else { return nil }
        thread = made
        started = true
    }

    deinit {
        if started {
            queues.withLock { $0.stopping = true }
            sem_post(wake)
            pthread_join(thread, nil)
        }
        sem_destroy(wake)
        wake.deallocate()
        close(pipeRead)
        close(pipeWrite)
    }

    /// Jobs submitted and not yet taken back.
    var outstanding: Int { queues.withLock { $0.waiting.count + $0.busy + $0.finished.count } }

    func submit(_ job: AheadJob) {
        queues.withLock { $0.waiting.append(job) }
        sem_post(wake)
    }

    /// The finished jobs, oldest first; empties the pipe.
    func takeFinished() -> [AheadJob] {
        var byte: UInt8 = 0
        while read(pipeRead, &byte, 1) == 1 {}
        return queues.withLock { q in
            defer { q.finished.removeAll() }
            return q.finished
        }
    }

    /// Blocks until every submitted job is finished (bench and tests; never on the loop).
    public func waitUntilIdle() {
        while queues.withLock({ $0.waiting.count + $0.busy }) > 0 { usleep(200) }
    }

    private func serve() {
        let renderer = PageRenderer()
        while true {
            while sem_wait(wake) != 0 {}
            let next: AheadJob? = queues.withLock { q in
                if q.stopping || q.waiting.isEmpty { return nil }
                q.busy += 1
                return q.waiting.removeFirst()
            }
            guard let job = next else {
                if queues.withLock({ $0.stopping }) { return }
                continue
            }
            AheadRasteriser.draw(job, with: renderer)
            queues.withLock { q in
                q.busy -= 1
                q.finished.append(job)
            }
            var byte: UInt8 = 1
            _ = write(pipeWrite, &byte, 1)
        }
    }

    /// Lays out and draws `job`'s panel into a new buffer, as `PageSurfaceCache.prepare` would.
    static func draw(_ job: AheadJob, with renderer: PageRenderer) {
        guard let buffer = try? PageRenderer.makeBuffer(size: job.size, scale: job.scale) else {
            return
        }
        let layout = renderer.layout(panel: job.panel, size: job.size, theme: job.theme)
        // Files are read here, fresh; the loop's next refresh compares them like any other value.
        let context = RenderContext(now: job.now)
        renderer.draw(
            panel: job.panel, layout: layout, into: buffer, scale: job.scale, theme: job.theme,
            context: context)
        job.shown = layout.dynamicRegions.map { PageSurfaceCache.shownValue($0, context: context) }
        buffer.recordOpacity()
        job.layout = layout
        job.buffer = buffer
    }
}
