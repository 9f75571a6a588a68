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
