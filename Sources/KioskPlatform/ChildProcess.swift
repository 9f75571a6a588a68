import CPlatform
#if canImport(Glibc)
    import Glibc
#endif

// Ownership: a running child owns a pidfd and the read ends of its stdout and stderr pipes, all
// registered as sources of the loop, plus its timeout timers. The loop's handlers hold the child
// strongly, so it lives until it is reaped even when nobody else keeps it; reaping removes the
// sources, cancels the timers and closes every descriptor.

/// A program started without a shell (`posix_spawnp`) and followed through the event loop: its
/// output is read from non-blocking pipes up to a cap, its exit arrives on a pidfd (Linux 5.3+),
/// a timeout sends SIGTERM to its process group and SIGKILL after a grace period. Nothing here
/// ever waits: the loop keeps drawing while the child runs.
public final class ChildProcess {
    /// What to start and how long to let it run.
    public struct Options: Sendable {
        /// The program and its arguments; `argv[0]` without a `/` is looked up in `PATH`.
        public var argv: [String]
        /// Added to (or replacing in) the parent's environment.
        public var environment: [String: String]
        /// Seconds before SIGTERM; nil runs without a limit.
        public var timeout: Double?
        /// Seconds between SIGTERM and SIGKILL.
        public var killGrace: Double
        /// Bytes kept of each of stdout and stderr; the rest is read and dropped.
        public var outputLimit: Int

        public init(
            argv: [String], environment: [String: String] = [:], timeout: Double? = nil,
            killGrace: Double = 2,
            outputLimit: Int = 64 * 1024
        ) {
            self.argv = argv
            self.environment = environment
            self.timeout = timeout
            self.killGrace = killGrace
            self.outputLimit = outputLimit
        }
    }

    /// How the child ended.
    public enum Status: Equatable, Sendable, CustomStringConvertible {
        /// It called exit with this code.
        case exited(Int32)
        /// A signal ended it.
        case signaled(Int32)

        public var description: String {
            switch self {
            case .exited(let code): "exit status \(code)"
            case .signaled(let signal): "killed by signal \(signal)"
            }
        }
    }

    /// Everything known once the child has been reaped.
    public struct Termination: Sendable {
        public var status: Status
        /// True when the timeout sent SIGTERM (the status then usually says signal 15 or 9).
        public var timedOut: Bool
        /// The first `outputLimit` bytes of stdout.
        public var stdout: [UInt8]
        /// The last `outputLimit` bytes of stderr (the end holds the reason for a failure).
        public var stderr: [UInt8]
        /// True when stdout or stderr said more than `outputLimit` bytes.
        public var outputTruncated: Bool
        /// Seconds from spawn to reaping.
        public var duration: Double

        /// True for exit status 0 without a timeout.
        public var succeeded: Bool { status == .exited(0) && !timedOut }
    }

    /// The child's process id (also its process group id).
    public let pid: Int32
    private let loop: EventLoop
    private let options: Options
    private let startedAt: Double
    private let onExit: (Termination) -> Void
    private var pidfd: Int32
    private var pidSource: EventLoop.SourceID?
    private let stdoutCapture: OutputCapture
    private let stderrCapture: OutputCapture
    private var timers: [EventLoop.TimerID] = []
    private var timedOut = false

    /// Starts `options.argv` and calls `onExit` on the loop once it has ended and been reaped.
    /// Throws when the program cannot be started (not found, not executable): then nothing runs
    /// and `onExit` is never called.
    @discardableResult
    public static func spawn(
        loop: EventLoop, options: Options, onExit: @escaping (Termination) -> Void
    ) throws(PlatformError) -> ChildProcess {
        precondition(!options.argv.isEmpty, "a child process needs argv[0]")
        let out = try makePipe()
        let err: (read: Int32, write: Int32)
        do { err = try makePipe() } catch {
            close(out.read); close(out.write)
            throw error
        }
        let spawned = spawnProcess(options: options, stdout: out.write, stderr: err.write)
        // The child has its copies; ours would keep the pipes open after it exits.
        close(out.write)
        close(err.write)
        let pid: Int32
        switch spawned {
        case .failure(let error):
            close(out.read); close(err.read)
            throw error
        case .success(let value): pid = value
        }
        let fd = pidfd_open(pid, 0)
        guard fd >= 0 else {
            let error = PlatformError.fromErrno("pidfd_open")
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)  // just killed: returns at once
            close(out.read); close(err.read)
            throw error
        }
        let child = ChildProcess(
            loop: loop, options: options, pid: pid, pidfd: fd, stdout: out.read, stderr: err.read,
            onExit: onExit)
        do { try child.register() } catch {
            child.terminate(graceful: false)
            throw error
        }
        return child
    }

    private init(
        loop: EventLoop, options: Options, pid: Int32, pidfd: Int32, stdout: Int32, stderr: Int32,
        onExit: @escaping (Termination) -> Void
    ) {
        self.loop = loop
        self.options = options
        self.pid = pid
        self.pidfd = pidfd
        self.onExit = onExit
        startedAt = MonotonicClock.now
        stdoutCapture = OutputCapture(fd: stdout, limit: options.outputLimit, keep: .head)
        stderrCapture = OutputCapture(fd: stderr, limit: options.outputLimit, keep: .tail)
    }

    /// True until the child has been reaped.
    public var isRunning: Bool { pidfd >= 0 }

    /// Sends SIGTERM to the child's process group now and SIGKILL after `killGrace` (or SIGKILL
    /// at once when `graceful` is false). Harmless after the child ended.
    public func terminate(graceful: Bool = true) {
        guard isRunning else { return }
        signalGroup(graceful ? SIGTERM : SIGKILL)
        if graceful,
            let timer = try? loop.addTimer(
                after: options.killGrace, { [self] _ in signalGroup(SIGKILL) })
        {
            timers.append(timer)
        }
    }

    private func register() throws(PlatformError) {
        pidSource = try loop.addSource(fd: pidfd) { [self] _ in reap() }
        try stdoutCapture.register(on: loop)
        try stderrCapture.register(on: loop)
        if let timeout = options.timeout {
            timers.append(
                try loop.addTimer(after: timeout) { [self] _ in
                    timedOut = true
                    terminate()
                })
        }
    }

    private func signalGroup(_ signal: Int32) {
        // The child leads its own process group, so a shell script's children go with it.
        if kill(-pid, signal) != 0 { kill(pid, signal) }
    }

    private func reap() {
        var raw: Int32 = 0
        let result = waitpid(pid, &raw, WNOHANG)
        if result == 0 { return }  // not yet (a spurious wakeup)
        // Everything the child wrote before exiting is in the pipes now.
        stdoutCapture.finish()
        stderrCapture.finish()
        if let pidSource { loop.removeSource(pidSource) }
        pidSource = nil
        close(pidfd)
        pidfd = -1
        for timer in timers { loop.cancelTimer(timer) }
        timers = []
        let status: Status = result < 0 ? .exited(-1) : Self.decode(raw)
        onExit(
            Termination(
                status: status, timedOut: timedOut, stdout: stdoutCapture.bytes,
                stderr: stderrCapture.bytes,
                outputTruncated: stdoutCapture.truncated || stderrCapture.truncated,
                duration: MonotonicClock.now - startedAt))
    }

    /// waitpid's status word (WIFEXITED/WEXITSTATUS/WTERMSIG are macros Swift cannot call).
    static func decode(_ raw: Int32) -> Status {
        raw & 0x7f == 0 ? .exited((raw >> 8) & 0xff) : .signaled(raw & 0x7f)
    }
}
