import KioskCore

/// Why `calibration = […]` could not be written into kiosk.toml. One line each.
public enum CalibrationWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `input` is an inline table or dotted keys at the top level: no `[input]` section to edit.
    case inputNotASection(line: Int)
    /// A string or array never closes: the file would not load anyway.
    case unterminated(line: Int)

    public var description: String {
        switch self {
        case .inputNotASection(let line):
            "kiosk.toml:\(line): input is set inline there; add calibration to it by hand (or use --print)"
        case .unterminated(let line):
            "kiosk.toml:\(line): a string or array does not close; fix the file first (kiosk-shell check)"
        }
    }
}

/// Writes `calibration = [a, b, c, d, e, f]` into the text of kiosk.toml, touching nothing else:
/// every comment, blank line, key order and line ending stays. A line-based edit (TOML libraries
/// drop comments when they write):
///
/// - an existing `calibration` key in `[input]` is replaced, its value even when it spans lines,
///   its indentation and trailing comment kept;
/// - otherwise the line goes after a commented-out `# calibration = …` in `[input]`, or else
///   right after the `[input]` header;
/// - without an `[input]` section, one is appended at the end.
///
/// Lines inside multi-line strings and arrays are never taken for headers or keys.
public enum CalibrationWriter {
    /// The TOML line, values rounded to 6 decimals: `calibration = [1.02, 0, -0.01, 0, 0.98, 0.015]`.
    public static func line(for calibration: TouchCalibration) -> String {
        "calibration = [" + calibration.matrix.values.map(format).joined(separator: ", ") + "]"
    }

    static func format(_ value: Double) -> String {
        let rounded = (value * 1_000_000).rounded() / 1_000_000
        guard rounded != 0 else { return "0" }
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return "\(rounded)"
    }

    /// `text` with the calibration set.
    public static func updating(_ text: String, with calibration: TouchCalibration)
        throws(CalibrationWriteError) -> String
    {
        // "\r\n" is one Character: the Standard Library's search finds it (Foundation's would be linked in).
        let newline = text.contains("\r\n" as Character) ? "\r\n" : "\n"
        var lines = text.components(separatedByNewline: newline)
        let endsWithNewline = lines.last == ""
        if endsWithNewline { lines.removeLast() }
        let scanned = try scan(lines)
        let newLine = line(for: calibration)

        if let section = scanned.sections.first(where: { $0.name == "input" }) {
            if let key = scanned.keys.first(where: {
                $0.section == section.index && $0.name == "calibration"
            }) {
                let indent = String(lines[key.first].prefix { $0 == " " || $0 == "\t" })
                let comment = key.trailingComment.map { " " + $0 } ?? ""
                lines.replaceSubrange(key.first...key.last, with: [indent + newLine + comment])
            } else {
                let end = section.end
                let commented = (section.header + 1..<end).last { i in
                    let t = lines[i].trimmingLeadingSpace
                    guard t.hasPrefix("#") else { return false }
                    let body = t.dropFirst().trimmingLeadingSpace
                    return body.hasPrefix("calibration ") || body.hasPrefix("calibration=")
                }
                lines.insert(newLine, at: (commented ?? section.header) + 1)
            }
        } else {
            if let inline = scanned.rootInputLine { throw .inputNotASection(line: inline + 1) }
            if let last = lines.last, !last.trimmingLeadingSpace.isEmpty { lines.append("") }
            lines.append("[input]")
            lines.append(newLine)
        }
        return lines.joined(separator: newline) + newline
    }

    struct Section {
        var index: Int
        var name: String
        var header: Int
        /// One past the section's last line.
        var end: Int
    }

    struct Key {
        /// Index into sections; -1 for the root.
        var section: Int
        var name: String
        var first: Int
        var last: Int
        var trailingComment: String?
    }

    struct Scan {
        var sections: [Section] = []
        var keys: [Key] = []
        /// A top-level `input = {…}` or `input.x = …` line.
        var rootInputLine: Int?
    }

    /// Headers and keys, skipping the inside of multi-line strings and arrays.
    static func scan(_ lines: [String]) throws(CalibrationWriteError) -> Scan {
        var result = Scan()
        var lexer = Lexer()
        var openKey: (name: String, first: Int)?
        for (i, line) in lines.enumerated() {
            let startedInside = lexer.isInsideValue
            let comment = lexer.feed(line)
            if startedInside {
                if !lexer.isInsideValue, let key = openKey {
                    result.keys.append(
                        Key(
                            section: result.sections.count - 1, name: key.name, first: key.first,
                            last: i, trailingComment: comment))
                    openKey = nil
                }
                continue
            }
            let t = line.trimmingLeadingSpace
            if t.hasPrefix("[") {
                if let last = result.sections.indices.last { result.sections[last].end = i }
                let inner = t.drop { $0 == "[" }.prefix { $0 != "]" }
                let name = String(inner).trimmingLeadingSpace.trimmingTrailingSpace.filter {
                    $0 != "\"" && $0 != "'"
                }
                let isArray = t.hasPrefix("[[")
                result.sections.append(
                    Section(
                        index: result.sections.count, name: isArray ? "[[\(name)]]" : name,
                        header: i, end: lines.count))
                continue
            }
            guard !t.isEmpty, !t.hasPrefix("#"), let equals = t.firstIndex(of: "=") else {
                continue
            }
            let name = String(t[..<equals]).trimmingTrailingSpace.filter { $0 != "\"" && $0 != "'" }
            if result.sections.isEmpty && (name == "input" || name.hasPrefix("input."))
                && result.rootInputLine == nil
            {
                result.rootInputLine = i
            }
            if lexer.isInsideValue {
                openKey = (name, i)
            } else {
                result.keys.append(
                    Key(
                        section: result.sections.count - 1, name: name, first: i, last: i,
                        trailingComment: comment))
            }
        }
        if lexer.isInsideValue {
            throw .unterminated(line: (openKey?.first ?? lines.count - 1) + 1)
        }
        return result
    }

    /// Tracks strings, brackets and braces across lines.
    struct Lexer {
        var depth = 0
        var multiline: String?

        var isInsideValue: Bool { depth > 0 || multiline != nil }

        /// Reads one line; returns its trailing comment (from `#`, outside strings), if any.
        mutating func feed(_ line: String) -> String? {
            let chars = Array(line)
            var i = 0
            while i < chars.count {
                if let delimiter = multiline {
                    if Self.matches(chars, i, delimiter) {
                        multiline = nil
                        i += 3
                    } else {
                        i += delimiter == "\"\"\"" && chars[i] == "\\" ? 2 : 1
                    }
                    continue
                }
                let c = chars[i]
                if Self.matches(chars, i, "\"\"\"") || Self.matches(chars, i, "'''") {
                    multiline = String(chars[i..<i + 3])
                    i += 3
                } else if c == "\"" || c == "'" {
                    i += 1
                    while i < chars.count && chars[i] != c {
                        i += c == "\"" && chars[i] == "\\" ? 2 : 1
                    }
                    i += 1
                } else if c == "#" {
                    return String(chars[i...])
                } else {
                    if c == "[" || c == "{" { depth += 1 }
                    if c == "]" || c == "}" { depth = max(0, depth - 1) }
                    i += 1
                }
            }
            return nil
        }

        static func matches(_ chars: [Character], _ i: Int, _ s: String) -> Bool {
            let pattern = Array(s)
            guard i + pattern.count <= chars.count else { return false }
            return Array(chars[i..<i + pattern.count]) == pattern
        }
    }
}

extension String {
    func components(separatedByNewline newline: String) -> [String] {
        split(separator: newline == "\r\n" ? "\r\n" : "\n", omittingEmptySubsequences: false).map(
            String.init)
    }
}

extension StringProtocol {
    var trimmingLeadingSpace: String { String(drop { $0 == " " || $0 == "\t" }) }
    var trimmingTrailingSpace: String {
        var s = String(self)
        while let last = s.last, last == " " || last == "\t" { s.removeLast() }
        return s
    }
}
