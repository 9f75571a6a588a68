import Glibc
import KioskConfig
import KioskCore
import KioskRender

/// `kiosk-shell bench`: times, in one run, everything a frame can cost on the CPU, each as a
/// median and as ratios to the memory bound (a memcpy of one frame) and to the reference (the
/// cube frame through pixman's general projective transform).
///
/// Every frame runs the runtime pipeline of `kiosk-shell run`: the Navigator, driven by touches
/// and actions, makes the Scene; `FramePipeline` computes the damage, applies the display
/// transform and composes into an in-memory output backend's swap chain (`BenchKiosk`).
/// Measured: the memcpy; the cube (a 4-sided cube of the config's panels) held by a finger at
/// 30° and 45°, and a vertical cube at 30°; the cube at 30° and a flat page on a turned display
/// (`[display] rotation`: 180°, the flips, 90° and 270°); each of the 16 transitions right to
/// left halfway through a push on a stack; rasterising each panel page of the config; a
/// clock-only frame (the clock's region redrawn and only the damage recomposed); the pixman
/// reference. Beside the 1-vs-N-thread ratio: the share of stripes the workers drew and what two
/// threads of this machine get done at once (`ParallelismProbe`).
public enum BenchCommand {
    /// What to measure and how to print it.
    public struct Options: Sendable {
        public var width: Int
        public var height: Int
        public var json: Bool
        public var configDirectory: String
        public var repetitions: Int
        /// Only measurements whose name starts with this (the memory bound always runs); nil = all.
        public var only: String?

        public init(
            width: Int = 1920, height: Int = 1080, json: Bool = false,
            configDirectory: String = "Config",
            repetitions: Int = 21, only: String? = nil
        ) {
            self.only = only
            self.width = width
            self.height = height
            self.json = json
            self.configDirectory = configDirectory
            self.repetitions = repetitions
        }
    }

    public static let memcpyName = "memcpy frame"
    public static let referenceName = "pixman cube 30deg (reference)"
    /// What the report says about how frames were made.
    public static let pipelineNote =
        "frames: the runtime pipeline of `run` (Navigator -> Scene -> damage -> display transform -> compose into a swap chain), in memory"

    /// "rotated 90", "flipped 180": how a bench name says a display transform.
    static func turnName(_ turn: DisplayTransform) -> String {
        (turn.isFlipped ? "flipped" : "rotated")
            + (turn == .flipped ? "" : " \(turn.rotationDegrees)")
    }

    /// Parses "WxH" (each 16...8192); nil when malformed.
    public static func parseSize(_ text: String) -> (width: Int, height: Int)? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
            (16...8192).contains(w), (16...8192).contains(h)
        else { return nil }
        return (w, h)
    }

    /// Runs every measurement; `progress` receives a line as each one starts (for stderr).
    /// The output is the report's table or JSON. A config with errors still benches: its pages are
    /// replaced by generated ones and a note says so.
    public static func run(_ options: Options, progress: (String) -> Void = { _ in }) -> (
        output: String, exitCode: KioskExitCode
    ) {
        do {
            let report = try measure(options, progress: progress)
            return (options.json ? report.json : report.text, .success)
        } catch {
            return ("bench: \(error)", .failure)
        }
    }

    /// The measurements as a report.
    public static func measure(_ options: Options, progress: (String) -> Void = { _ in }) throws
        -> BenchmarkReport
    {
        let width = options.width, height = options.height
        let size = Size(width: Double(width), height: Double(height))
        let runner = BenchmarkRunner()
        let reps = max(1, options.repetitions)
        var results: [BenchmarkResult] = []
        func wanted(_ name: String) -> Bool {
            options.only.map { name == memcpyName || name.hasPrefix($0) } ?? true
        }
        /// A group of measurements named `name`, … holds a wanted one: `--only` names it or one
        /// inside it ("cube 30deg, 1 thread, pair layout AVX2": that tier's frames alone, for
        /// `scripts/arm64/count-frame.sh`).
        func wantedWithin(_ name: String) -> Bool {
            options.only.map { name.hasPrefix($0) || $0.hasPrefix(name) } ?? true
        }
        func measure(_ name: String, repetitions: Int = reps, _ body: () -> Void) {
            guard wanted(name) else { return }
            progress(name)
            results.append(runner.measure(name: name, repetitions: repetitions, body: body))
        }

        let pages = BenchPages(directory: options.configDirectory, progress: progress)
        let configuration = pages.configuration
        func kiosk(_ root: PageID, turn: DisplayTransform = .normal) throws -> BenchKiosk {
            try BenchKiosk(configuration: configuration, root: root, size: size, turn: turn)
        }

        // The memory bound.
        let source = try ImageBuffer(width: width, height: height)
        let target = try ImageBuffer(width: width, height: height)
        let bytes = target.stride * height
        let from = UnsafeRawPointer(source.pixels), to = target.pixels
        measure(memcpyName) { to.copyMemory(from: from, byteCount: bytes) }

        // The cube held by a finger at 30° and 45° (1/3 and 1/2 of a face), and a vertical cube
        // (turned about a horizontal axis: the row-projective path).
        let cube30 = try kiosk(BenchPages.cube)
        cube30.holdDrag(fraction: 1.0 / 3, vertical: false)
        measure("cube 30deg") { cube30.frame() }
        // The same frame on one thread and on every thread `run` would use (at least two, so
        // the split is measured even where the default is one).
        let many = max(2, LayerCompositor.defaultThreads)
        var summary: [String] = []
        for (name, root, hold) in [
            ("cube 30deg", BenchPages.cube, true),
            ("transition slide", BenchPages.stack(.slide), false)
        ]
        where wantedWithin("\(name), 1 thread") {
            var medians: [Double] = []
            var cpu: [Double] = []
            var workerShare = 0.0
            for threads in [1, many] where wantedWithin("\(name), \(counted(threads, "thread"))") {
                let k = try BenchKiosk(
                    configuration: configuration, root: root, size: size, threads: threads)
                if hold {
                    k.holdDrag(fraction: 1.0 / 3, vertical: false)
                } else {
                    k.open(pages.faces[1], thenWait: 0.35 / 2)
                }
                let label = "\(name), \(counted(threads, "thread"))"
                let compositor = k.pipeline.renderer.compositor
                compositor.resetStripeCounts()
                measure(label) { k.frame() }
                if let r = results.last, r.name == label { medians.append(r.medianMs) }
                if threads > 1 { workerShare = share(ofWorkers: compositor.stripeCounts) }
                if threads == 1 && hold {
                    // Readable minification's cost: the same frame from the pages alone.
                    compositor.readsNarrowerCopies = false
                    measure("\(label), pages only (no narrower copies)") { k.frame() }
                    compositor.readsNarrowerCopies = true
                    summary += measureTiers(k, label: label) { name, body in measure(name, body) }
                }
                // The process's CPU time per frame (all threads): what the split adds in work.
                guard wanted(label) else { continue }
                let before = processCPUNanoseconds()
                for _ in 0..<reps { k.frame() }
                cpu.append(Double(processCPUNanoseconds() - before) / Double(reps) / 1_000_000)
            }
            if medians.count == 2, medians[0] > 0, cpu[0] > 0 {
                summary.append(
                    "threads: \(name) on \(many) threads takes \(BenchmarkReport.format(medians[1] / medians[0], 2)) x the wall time on one (target <= 0.6) and \(BenchmarkReport.format(cpu[1] / cpu[0], 2)) x the CPU time (\(BenchmarkReport.format(cpu[0], 2)) and \(BenchmarkReport.format(cpu[1], 2)) ms per frame); the workers drew \(BenchmarkReport.format(workerShare * 100, 0)) % of the stripes"
                )
            }
        }
        if wanted("cube 30deg, 1 thread") {
            progress("machine parallelism")
            summary.append(machineLine(ParallelismProbe.measure()))
        }
        let cube45 = try kiosk(BenchPages.cube)
        cube45.holdDrag(fraction: 0.5, vertical: false)
        measure("cube 45deg") { cube45.frame() }
        let vertical = try kiosk(BenchPages.verticalCube)
        vertical.holdDrag(fraction: 1.0 / 3, vertical: true)
        measure("vertical cube 30deg") { vertical.frame() }
        // Readable minification's cost on a vertical cube: the same frame from the pages alone.
        let verticalCompositor = vertical.pipeline.renderer.compositor
        verticalCompositor.readsNarrowerCopies = false
        measure("vertical cube 30deg, pages only (no narrower copies)") { vertical.frame() }
        verticalCompositor.readsNarrowerCopies = true

        // The display turned (`[display] rotation`): the cube at 30° and a flat page, upright and
        // through each kind of turn, drawn into an output of the panel's native size.
        let flat = try kiosk(pages.faces[0])
        measure("flat page upright") { flat.frame() }
        for turn in [DisplayTransform.rotated180, .flipped, .flipped180, .rotated90, .rotated270] {
            let name = Self.turnName(turn)
            if wanted("cube 30deg \(name)") {
                let cube = try kiosk(BenchPages.cube, turn: turn)
                cube.holdDrag(fraction: 1.0 / 3, vertical: false)
                measure("cube 30deg \(name)") { cube.frame() }
            }
            if wanted("flat page \(name)") {
                let page = try kiosk(pages.faces[0], turn: turn)
                measure("flat page \(name)") { page.frame() }
            }
        }

        // Every transition halfway through a push, right to left.
        for kind in TransitionKind.allCases where wanted("transition \(kind.rawValue)") {
            let stack = try kiosk(BenchPages.stack(kind))
            stack.open(pages.faces[1], thenWait: 0.35 / 2)
            measure("transition \(kind.rawValue)") { stack.frame() }
        }

        // Rasterising each panel page (the page renderer the surface cache calls).
        let renderer = PageRenderer()
        let context = RenderContext(
            now: WallClockTime(secondsSinceEpoch: 1_700_000_000, timeZone: "UTC"))
        let theme = configuration.settings.theme
        for page in pages.panels {
            measure("page \(page.id)") {
                _ = try? renderer.render(
                    panel: page.panel, size: size, scale: 1, theme: theme, context: context)
            }
        }

        // A frame where only a clock changed: 61 s later (the text changes whether the clock shows
        // seconds or only minutes), its region redrawn in the page's surface, only the damage
        // recomposed into a buffer that holds the previous frame (the swap chain copies in what
        // it missed).
        if wanted("clock-only frame") {
            let clock = try kiosk(pages.clockPage(renderer: renderer, size: size))
            measure("clock-only frame") {
                clock.now = WallClockTime(
                    secondsSinceEpoch: clock.now.secondsSinceEpoch + 61, timeZone: "UTC")
                clock.frame(whole: false)
            }
        }

        if wanted("chart sample") {
            progress("chart sample")
            summary.append(
                try Self.chartSampleLine(
                    configuration: configuration, size: size, samples: max(40, reps * 4)))
        }

        if wanted("swap chain") {
            progress("swap chain")
            summary += try swapChainLines(configuration: configuration, pages: pages, size: size)
        }

        // Tap to first moving frame for a never-shown page, with and without looking ahead.
        if wanted("tap") {
            let trials = max(20, reps * 2)
            for lookAhead in [true, false] {
                progress(
                    "tap -> first moving frame (\(lookAhead ? "idle look-ahead" : "no look-ahead"))"
                )
                let l = try tapLatency(
                    configuration: configuration, pages: pages, size: size, trials: trials,
                    lookAhead: lookAhead)
                summary.append(
                    "tap -> first moving frame, never-shown page, \(lookAhead ? "with idle look-ahead" : "without look-ahead"): p50 \(BenchmarkReport.format(l.p50, 2)) ms, p99 \(BenchmarkReport.format(l.p99, 2)) ms over \(trials) taps (\(l.rasterising) rasterised on the frame path; the page showed in frame \(l.frames) at the latest; one frame interval at 60 Hz is 16.67 ms)"
                )
            }
        }

        // The reference: the same cube frame through pixman's projective transform.
        if wanted(referenceName) {
            // The cube's surfaces exist once it has drawn (it did above unless `--only` skipped it).
            cube30.frame()
            let scene = cube30.scene
            let reference = PixmanReference(
                scene: scene, surfaces: cube30.pipeline.renderer.surfaces, target: target)
            measure(referenceName, repetitions: max(3, reps / 3)) { reference.draw() }
            // The same picture: ours, drawn whole, against pixman's.
            cube30.frame()
            if let ours = cube30.output.shownImage {
                let share = reference.agreement(with: ours)
                summary.append(
                    "pixman reference: each layer composited over its bounding box only; \(BenchmarkReport.format(share * 100, 1)) % of its pixels within 24 levels of ours (same picture)"
                )
            }
        }
        var report = BenchmarkReport(
            results: results, memoryBound: memcpyName, reference: referenceName,
            size: "\(width)x\(height)",
            note: pipelineNote)
        report.summary = summary
        return report
    }
}

/// The share of stripes the workers (every band but the last, the caller's) drew.
func share(ofWorkers counts: [Int]) -> Double {
    let total = counts.reduce(0, +)
    return total > 0 ? Double(total - (counts.last ?? 0)) / Double(total) : 0
}

/// The machine probe's line: what two threads get done at once here, beside the thread ratio.
func machineLine(_ r: ParallelismProbe.Result) -> String {
    let f = { (v: Double) in BenchmarkReport.format(v, 2) }
    return
        "machine: two threads running the same work at once take \(f(r.computeRatio)) x (compute, \(f(r.computeAlone)) ms alone) and \(f(r.memoryRatio)) x (memory, \(f(r.memoryAlone)) ms alone) the time of one alone (1.00: two real cores); a frame split evenly on 2 threads can at best take about \(f(min(r.computeRatio, r.memoryRatio) / 2))-\(f(max(r.computeRatio, r.memoryRatio) / 2)) x its time on one"
}

/// CPU time of the whole process (every thread) in nanoseconds.
func processCPUNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
}
