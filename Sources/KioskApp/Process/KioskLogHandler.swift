import Glibc
import Logging

/// Writes one line per log event to stderr. Under systemd (JOURNAL_STREAM is set when stderr goes
/// to the journal) each line starts with a `<N>` priority prefix that journald turns into the
/// entry's priority (sd-daemon(3)); on a terminal it starts with the level name instead.
public struct KioskLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level
    private let label: String
    private let journald: Bool

    public init(
        label: String, level: Logger.Level = .info, journald: Bool = KioskLogHandler.stderrIsJournal
    ) {
        self.label = label
        self.logLevel = level
        self.journald = journald
    }

    /// True when systemd connected stderr to the journal.
    public static var stderrIsJournal: Bool { getenv("JOURNAL_STREAM") != nil }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        StandardStream.error.write(
            Self.format(event: event, label: label, journald: journald) + "\n")
    }

    /// The line written for one event (without the newline).
    static func format(event: LogEvent, label: String, journald: Bool) -> String {
        let message = event.message.description
        let text =
            message.utf8.contains(UInt8(ascii: "\n"))
            ? String(String.UnicodeScalarView(message.unicodeScalars.map { $0 == "\n" ? " " : $0 }))
            : message
        return journald ? "<\(priority(event.level))>\(text)" : "\(event.level): \(text)"
    }

    /// syslog priorities as journald reads them.
    static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }
}

/// Process-wide logging setup; call once at start.
public enum KioskLogging {
    nonisolated(unsafe) private static var bootstrapped = false

    public static func bootstrap(verbose: Bool = false) {
        guard !bootstrapped else { return }
        bootstrapped = true
        LoggingSystem.bootstrap { label in
            KioskLogHandler(label: label, level: verbose ? .debug : .info)
        }
    }
}
