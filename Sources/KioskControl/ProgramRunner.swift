import KioskCore
import KioskPlatform

/// How a child ended, re-exported so callers need not import KioskPlatform.
public typealias ChildProcessStatus = ChildProcess.Status

/// Runs program actions on the event loop: at most one run per action at a time, a progress
/// call when a run takes longer than `progressDelay`, and a report when it ends.
///
/// Single-threaded like the loop. The page id and action name reach the program as
/// `KIOSK_PAGE` and `KIOSK_ACTION`.
public final class ProgramRunner {
    /// What `run` did.
    public enum StartResult: Equatable, Sendable {
        case started
        /// The same action is still running; nothing new was started.
        case alreadyRunning
        /// The program could not be started; `onFinish` got a `.couldNotStart` report too.
        case couldNotStart(String)
    }

    /// Called once per run that is still going after `progressDelay` seconds (show a spinner).
    public var onProgress: ((ActionKey) -> Void)?
    /// Called once per run when it ends, including runs that could not start.
    public var onFinish: ((ProgramReport) -> Void)?

    private let loop: EventLoop
    private let progressDelay: Double
    private let killGrace: Double
    private let outputLimit: Int
    private var runs: [ActionKey: Run] = [:]

    private struct Run {
        var child: ChildProcess
        var progressTimer: EventLoop.TimerID?
    }

    /// Bytes kept of a program's stderr and stdout (the rest is read and dropped).
    public static let defaultOutputLimit = 16 * 1024
    /// Characters of the last stderr line kept for the report.
    public static let lineLimit = 200

    public init(
        loop: EventLoop, progressDelay: Double = 0.5, killGrace: Double = 2,
        outputLimit: Int = ProgramRunner.defaultOutputLimit
    ) {
        self.loop = loop
        self.progressDelay = progressDelay
        self.killGrace = killGrace
        self.outputLimit = outputLimit
    }

    /// The actions running now.
    public var running: Set<ActionKey> { Set(runs.keys) }

    /// True while `key` runs.
    public func isRunning(_ key: ActionKey) -> Bool { runs[key] != nil }

    /// Starts `action` for `key` unless it is already running.
    @discardableResult
    public func run(_ action: ProgramAction, for key: ActionKey) -> StartResult {
        guard runs[key] == nil else { return .alreadyRunning }
        var environment = ["KIOSK_PAGE": key.page, "KIOSK_ACTION": key.action]
        environment.merge(action.environment) { _, added in added }
        let options = ChildProcess.Options(
            argv: action.argv, environment: environment, timeout: action.timeout,
            killGrace: killGrace,
            outputLimit: outputLimit)
        let child: ChildProcess
        do {
            child = try ChildProcess.spawn(loop: loop, options: options) {
                [weak self] termination in
                self?.finished(key, action: action, termination)
            }
        } catch {
            let reason = Self.reason(error)
            onFinish?(ProgramReport(key: key, outcome: .couldNotStart(reason), duration: 0))
            return .couldNotStart(reason)
        }
        let timer = try? loop.addTimer(after: progressDelay) { [weak self] _ in
            guard let self, self.runs[key] != nil else { return }
            self.runs[key]?.progressTimer = nil
            self.onProgress?(key)
        }
        runs[key] = Run(child: child, progressTimer: timer)
        return .started
    }

    /// Stops every running action (SIGTERM, SIGKILL after the grace period); their reports
    /// still arrive. For shutdown and reload.
    public func stopAll() {
        for run in runs.values { run.child.terminate() }
    }

    private func finished(
        _ key: ActionKey, action: ProgramAction, _ termination: ChildProcess.Termination
    ) {
        if let timer = runs[key]?.progressTimer { loop.cancelTimer(timer) }
        runs[key] = nil
        let outcome: ProgramReport.Outcome =
            termination.timedOut
            ? .timedOut(after: action.timeout)
            : termination.succeeded ? .succeeded : .failed(termination.status)
        onFinish?(
            ProgramReport(
                key: key, outcome: outcome,
                lastErrorLine: PlainText.lastLine(termination.stderr, limit: Self.lineLimit),
                firstOutputLine: termination.stdout.split(separator: UInt8(ascii: "\n")).first.map {
                    PlainText.line($0, limit: Self.lineLimit)
                },
                duration: termination.duration))
    }

    /// strerror text of a spawn failure, without the call name.
    static func reason(_ error: PlatformError) -> String {
        switch error {
        case .systemCall(_, let reason): reason
        case .invalidRegistration(let what): what
        }
    }
}
