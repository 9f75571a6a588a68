/// Text from outside (a program's output, a file, an MQTT payload, a D-Bus caller) made safe to
/// show: one line, no control characters, a bounded length. It stays plain text: the renderer
/// must draw it as text (never pango markup) and nothing here ever treats it as a path.
public enum PlainText {
    /// Decodes UTF-8 (invalid sequences become U+FFFD), drops trailing whitespace, turns control
    /// characters (newlines, tabs, escapes) into spaces and keeps at most `limit` characters,
    /// ending with "…" when cut.
    public static func line(_ bytes: some Collection<UInt8>, limit: Int) -> String {
        line(String(decoding: bytes, as: UTF8.self), limit: limit)
    }

    /// As `line(_:limit:)` for text already decoded.
    public static func line(_ text: String, limit: Int) -> String {
        var result = ""
        var count = 0
        for character in text.trimmingTrailingWhitespace() {
            if count == limit {
                result.append("…")
                return result
            }
            let isControl = character.unicodeScalars.contains {
                $0.properties.generalCategory == .control
            }
            result.append(isControl ? " " : character)
            count += 1
        }
        return result
    }

    /// The last line of `bytes` that is not blank, as `line(_:limit:)`; nil when all are blank.
    public static func lastLine(_ bytes: some Collection<UInt8>, limit: Int) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        guard let last = lines.last(where: { !$0.allSatisfy(\.isWhitespace) }) else { return nil }
        return line(String(String(last).trimmingLeadingWhitespace()), limit: limit)
    }
}

extension StringProtocol {
    func trimmingTrailingWhitespace() -> Substring {
        let text = Substring(self)
        guard let last = text.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return text[...last]
    }

    func trimmingLeadingWhitespace() -> Substring {
        let text = Substring(self)
        guard let first = text.firstIndex(where: { !$0.isWhitespace }) else { return "" }
        return text[first...]
    }
}
