/// Finds the line and column of a key in TOML text, so semantic errors (found after TOMLKit
/// parsed the file, which keeps no positions) can still point at a line.
///
/// It scans the text once and records where every `key =` and `[table]` / `[[array]]` header
/// starts, under the same key paths the loader reports (`widget[2].row[1].label`, 1-based
/// indexes). It is a light scanner, not a parser: keys inside inline tables are not recorded
/// (lookups fall back to the enclosing key), and on text it does not understand it simply records
/// less. It never fails.
struct SourceLocator {
    struct Position: Equatable {
        var line: Int
        var column: Int
    }

    /// Text toml++ (inside TOMLKit) asserts on instead of reporting an error, aborting the
    /// process, so the loader must find it first: a table header that does not start with a key
    /// (`[{a]`, `[[ =x]]`), or a `}` (or a Unicode line separator) where an array expects a value
    /// (`[}a"]`, `[1, }]`; found by the fuzzer).
    struct AssertTrap: Equatable {
        /// Where the offending character is.
        var position: Position
        var character: Unicode.Scalar
        /// Offset (in Unicode scalars) of the start of the line where the header, or the key whose
        /// value holds the array, begins: the text before it is parsed first.
        var lineStart: Int
        /// What toml++ would have said, after "TOML syntax: ".
        var message: String
    }

    private(set) var positions: [String: Position] = [:]
    /// The first trap in the text.
    private(set) var trap: AssertTrap?

    init(text: String) {
        var scanner = Scanner(scalars: Array(text.unicodeScalars))
        positions = scanner.run()
        trap = scanner.trap
    }

    /// The position of `keyPath`, or of its nearest enclosing key or table that was recorded.
    func position(of keyPath: String) -> Position? {
        var path = Substring(keyPath)
        while !path.isEmpty {
            if let found = positions[String(path)] { return found }
            if path.last == "]", let open = path.lastIndex(of: "[") {
                path = path[..<open]
            } else if let dot = path.lastIndex(of: ".") {
                path = path[..<dot]
            } else {
                return nil
            }
        }
        return nil
    }

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var index = 0
        var line = 1
        var column = 1
        var table = ""
        var arrayCounts: [String: Int] = [:]
        var positions: [String: Position] = [:]
        var trap: AssertTrap?
        var lineStart = 0

        init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }
        func peek(_ offset: Int) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }

        mutating func advance() {
            guard let c = current else { return }
            index += 1
            if c == "\n" {
                line += 1
                column = 1
                lineStart = index
            } else {
                column += 1
            }
        }

        mutating func skipSpaces() {
            while let c = current, c == " " || c == "\t" { advance() }
        }

        mutating func skipLine() {
            while let c = current, c != "\n" { advance() }
            advance()
        }

        mutating func run() -> [String: Position] {
            while current != nil {
                skipSpaces()
                guard let c = current else { break }
                let start = Position(line: line, column: column)
                if c == "\n" || c == "\r" {
                    advance()
                } else if c == "#" {
                    skipLine()
                } else if c == "[" {
                    header(at: start)
                } else if let key = dottedKey(), current == "=" {
                    advance()
                    let path = join(table, key)
                    if positions[path] == nil { positions[path] = start }
                    skipValue()
                } else {
                    skipLine()
                }
            }
            return positions
        }

        func join(_ a: String, _ b: [String]) -> String {
            let tail = b.joined(separator: ".")
            return a.isEmpty ? tail : a + "." + tail
        }

        mutating func header(at start: Position) {
            advance()
            // Mirror toml++'s parse_table_header: '[', spaces, a second '[' only when no space came
            // before it, spaces, then the key must start with a bare-key character or a quote.
            let spaced = current == " " || current == "\t"
            skipSpaces()
            let isArray = current == "[" && !spaced
            if isArray { advance() }
            skipSpaces()
            if trap == nil, let c = current, c != "]", !isKeyStart(c),
                !(c == "[" && spaced && !isArray)
            {
                trap = AssertTrap(
                    position: Position(line: line, column: column), character: c,
                    lineStart: lineStart,
                    message: "a table header must start with a key, saw '\(String(c).oneLine)'")
            }
            guard let segments = dottedKey(), current == "]" else { return skipLine() }
            var resolved = ""
            for (i, segment) in segments.enumerated() {
                resolved = resolved.isEmpty ? segment : resolved + "." + segment
                if i == segments.count - 1 && isArray {
                    let count = (arrayCounts[resolved] ?? 0) + 1
                    arrayCounts[resolved] = count
                    resolved += "[\(count)]"
                } else if let count = arrayCounts[resolved] {
                    resolved += "[\(count)]"
                }
            }
            table = resolved
            if positions[resolved] == nil { positions[resolved] = start }
            skipLine()
        }

        func isKeyStart(_ c: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c)
                || c == "_" || c == "-"
                || c == "\"" || c == "'"
        }

        /// `a.b."c d"` followed by optional spaces; nil when the text is not a key.
        mutating func dottedKey() -> [String]? {
            var segments: [String] = []
            while true {
                skipSpaces()
                guard let c = current else { return nil }
                var segment = ""
                if c == "\"" || c == "'" {
                    advance()
                    while let d = current, d != c, d != "\n" {
                        if c == "\"", d == "\\" { advance() }
                        if let e = current { segment.unicodeScalars.append(e) }
                        advance()
                    }
                    guard current == c else { return nil }
                    advance()
                } else {
                    while let d = current,
                        d.properties.isAlphabetic || ("0"..."9").contains(d) || d == "_" || d == "-"
                    {
                        segment.unicodeScalars.append(d)
                        advance()
                    }
                    if segment.isEmpty { return nil }
                }
                segments.append(segment)
                skipSpaces()
                guard current == "." else { return segments }
                advance()
            }
        }

        /// Skips a value, which may span lines inside brackets or multi-line strings, and notes the
        /// first `}` or Unicode line separator where an array expects a value (after `[` or `,`,
        /// spaces, line breaks and comments skipped as toml++ skips them).
        mutating func skipValue() {
            let statementStart = lineStart
            var open: [Unicode.Scalar] = []
            var expectingElement = false
            while let c = current {
                if expectingElement {
                    if c == " " || c == "\t" || c == "\n" || c == "\r" {
                        advance()
                        continue
                    }
                    if c != "#" {
                        expectingElement = false
                        if trap == nil,
                            c == "}" || c == "\u{85}" || c == "\u{2028}" || c == "\u{2029}"
                        {
                            trap = AssertTrap(
                                position: Position(line: line, column: column), character: c,
                                lineStart: statementStart,
                                message: "expected a value or closing ']', saw "
                                    + (c == "}"
                                        ? "'}'"
                                        : "U+\(String(c.value, radix: 16, uppercase: true)), a line separator")
                            )
                        }
                    }
                }
                if c == "\"" || c == "'" {
                    skipString(quote: c)
                } else if c == "[" || c == "{" {
                    open.append(c)
                    expectingElement = c == "["
                    advance()
                } else if c == "]" || c == "}" {
                    if !open.isEmpty { open.removeLast() }
                    advance()
                } else if c == "," {
                    expectingElement = open.last == "["
                    advance()
                } else if c == "#" {
                    while let d = current, d != "\n" { advance() }
                } else if c == "\n" {
                    advance()
                    if open.isEmpty { return }
                } else {
                    advance()
                }
            }
        }

        mutating func skipString(quote: Unicode.Scalar) {
            let multiline = peek(1) == quote && peek(2) == quote
            advance()
            if multiline {
                advance()
                advance()
            }
            while let c = current {
                if quote == "\"", c == "\\" {
                    advance()
                    advance()
                    continue
                }
                if c == quote {
                    if !multiline {
                        advance()
                        return
                    }
                    if peek(1) == quote && peek(2) == quote {
                        advance()
                        advance()
                        advance()
                        // Up to two more quotes may belong to the content (`""""` ends a string).
                        while current == quote { advance() }
                        return
                    }
                }
                if c == "\n" && !multiline { return }
                advance()
            }
        }
    }
}
