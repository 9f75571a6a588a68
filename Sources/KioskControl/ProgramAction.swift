/// A program a row, tile or button runs: an argv array (no shell, so nothing in it is ever
/// interpreted), a time limit and extra environment.
public struct ProgramAction: Hashable, Sendable {
    /// The program and its arguments; `argv[0]` without a `/` is looked up in `PATH`.
    public var argv: [String]
    /// Seconds before the program is stopped (SIGTERM, then SIGKILL).
    public var timeout: Double
    /// Added to the kiosk's environment, after `KIOSK_PAGE` and `KIOSK_ACTION`.
    public var environment: [String: String]

    public init(argv: [String], timeout: Double = 30, environment: [String: String] = [:]) {
        precondition(!argv.isEmpty, "a program action needs argv[0]")
        self.argv = argv
        self.timeout = timeout
        self.environment = environment
    }
}

/// Which action of which page: the unit a second start is refused for.
public struct ActionKey: Hashable, Sendable, CustomStringConvertible {
    public var page: String
    public var action: String

    public init(page: String, action: String) {
        self.page = page
        self.action = action
    }

    public var description: String { "\(page)/\(action)" }
}

/// How a program action ended, with a one-line message for a toast.
public struct ProgramReport: Equatable, Sendable {
    public enum Outcome: Equatable, Sendable {
        /// Exit status 0 in time.
        case succeeded
        /// A non-zero exit status, or a signal it did not get from us.
        case failed(ChildProcessStatus)
        /// Stopped at its timeout.
        case timedOut(after: Double)
        /// It never ran (not found, not executable); the text says why.
        case couldNotStart(String)
    }

    public var key: ActionKey
    public var outcome: Outcome
    /// The last non-blank line of stderr, as plain text (nil when it said nothing).
    public var lastErrorLine: String?
    /// The first line of stdout, as plain text (nil when it said nothing).
    public var firstOutputLine: String?
    /// Seconds from start to end.
    public var duration: Double

    public var succeeded: Bool { outcome == .succeeded }

    /// One line for a toast or the log, e.g. `restart-line: exit status 3: disk full`.
    public var message: String {
        let what: String
        switch outcome {
        case .succeeded: what = "done"
        case .failed(let status): what = status.description
        case .timedOut(let seconds): what = "timed out after \(Self.seconds(seconds))"
        case .couldNotStart(let reason): what = "could not start: \(reason)"
        }
        guard let lastErrorLine, !succeeded else { return "\(key.action): \(what)" }
        return "\(key.action): \(what): \(lastErrorLine)"
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
