import KioskCore

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
