/// One problem found in the configuration, printable as one line a technician can act on.
///
/// `description` reads like a compiler message:
/// `pages/home.toml:3:7: error: widget[2].colour: unknown key in a text widget; did you mean 'color'?`
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// Errors make the configuration unusable; warnings do not.
    public enum Severity: String, Hashable, Sendable {
        case error, warning
    }

    public var severity: Severity
    /// The file, relative to the config folder (`kiosk.toml`, `pages/home.toml`), or `.` for the
    /// folder itself.
    public var file: String
    /// 1-based line, when known.
    public var line: Int?
    /// 1-based column (in characters), when known.
    public var column: Int?
    /// Where in the file: `theme.accent`, `widget[2].row[1].open`, `faces[3]`. Array-of-table
    /// indexes count from 1 in the order the blocks appear.
    public var keyPath: String?
    public var message: String

    public init(
        severity: Severity, file: String, line: Int? = nil, column: Int? = nil,
        keyPath: String? = nil,
        message: String
    ) {
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.keyPath = keyPath
        self.message = message
    }

    /// `file[:line[:column]]: severity: [keyPath: ]message`, always one line.
    public var description: String {
        // Paths, keys and values come from the operator's files: a quoted key may hold a newline
        // or an escape sequence that would rewrite the technician's terminal.
        var text = file.oneLine
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        text += ": \(severity.rawValue): "
        if let keyPath, !keyPath.isEmpty { text += keyPath.oneLine + ": " }
        // A message quoting a value with a newline must still print as one line.
        text += message.oneLine
        return text
    }
}

extension String {
    /// The text with control characters shown as escapes, so a diagnostic stays on one line.
    var oneLine: String {
        var result = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7f:
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
