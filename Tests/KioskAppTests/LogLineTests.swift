import Logging
import Testing

@testable import KioskApp

/// One log event is one line: under journald with its priority prefix, on a terminal with the
/// level name; line breaks inside a message become spaces so a line never splits.
@Suite("Log lines")
struct LogLineTests {
    static func line(_ message: Logger.Message, _ level: Logger.Level, journald: Bool) -> String {
        let event = LogEvent(
            level: level, message: message, metadata: nil, source: nil, file: #fileID,
            function: #function, line: #line)
        return KioskLogHandler.format(event: event, label: "test", journald: journald)
    }

    @Test("priority prefix under journald, level name on a terminal")
    func prefixes() {
        #expect(Self.line("ready", .info, journald: true) == "<6>ready")
        #expect(Self.line("bad page", .error, journald: true) == "<3>bad page")
        #expect(Self.line("ready", .info, journald: false) == "info: ready")
    }

    @Test("line breaks in a message become spaces, other text stays as it was")
    func breaks() {
        #expect(
            Self.line("first\nsecond\r\nthird", .warning, journald: true)
                == "<4>first second\r third")
        #expect(Self.line("Größe: 12 °C\tok", .info, journald: false) == "info: Größe: 12 °C\tok")
    }
}
