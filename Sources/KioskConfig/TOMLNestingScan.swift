import KioskCore

/// A bound on how deep a TOML file nests, found before toml++ builds anything from it.
///
/// toml++ builds one table per part of a dotted key (`k.k.k = 1`) and per part of a table header
/// (`[a.b.c]`), and limits nothing there; it frees a tree by recursing once per level, so a key
/// of 100,000 parts overflowed the stack in the destructor (issue 26). Arrays and inline tables
/// it limits to 256, but they add to the levels of the keys around them. This scan counts the
/// levels every key, header, `[` and `{` opens, and the loader refuses the file when any reaches
/// `ConfigLimits.tomlNesting`, so toml++ never parses (and never frees) a deep tree, and a key
/// part longer than `ConfigLimits.keyScalars` characters, so no message quotes a 100 KB key.
///
/// It is a lexer, not a parser: it knows comments, the four kinds of strings and quoted keys
/// (a `.` or `[` inside them opens nothing), and otherwise counts generously: on text toml++
/// would reject it may count levels toml++ would never build, which at worst reports a deep
/// file whose syntax is also wrong. One pass over the bytes, no recursion, no allocation per
/// level; it always terminates because every step consumes at least one byte.
struct TOMLNestingScan {
    struct Violation: Equatable {
        var line: Int
        var column: Int
        var message: String
    }

    /// The first place in `text` that nests deeper than `maximumDepth` levels or has a longer
    /// key part than `maximumKeyScalars`, or nil when there is none.
    static func firstViolation(
        in text: String, maximumDepth: Int = ConfigLimits.tomlNesting,
        maximumKeyScalars: Int = ConfigLimits.keyScalars
    ) -> Violation? {
        var scan = TOMLNestingScan(
            bytes: Array(text.utf8), maximumDepth: maximumDepth,
            maximumKeyScalars: maximumKeyScalars)
        scan.run()
        return scan.violation
    }

    /// An open array or inline table, and the level it sits at (the root table is level 0).
    private struct Frame {
        var isTable: Bool
        var depth: Int
    }

    private let bytes: [UInt8]
    private let maximumDepth: Int
    private let maximumKeyScalars: Int
    private var index = 0
    private var line = 1
    private var column = 1
    private var violation: Violation?
    /// Levels of the last `[table]` header (its key parts, one more for `[[array]]`).
    private var headerDepth = 0
    private var frames: [Frame] = []
    /// The level an array or inline table opened at this point would have.
    private var slot = 1
    /// Inside an inline table, after `{` or `,`: the next text is a key.
    private var expectingKey = false

    private init(bytes: [UInt8], maximumDepth: Int, maximumKeyScalars: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.maximumKeyScalars = maximumKeyScalars
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func advance() {
        guard index < bytes.count else { return }
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            // Columns count Unicode scalars, as SourceLocator's do: continuation bytes add none.
            column += 1
        }
    }

    /// Records the first violation, at `position` (line, column) where the offending key part or
    /// bracket starts.
    private mutating func fail(_ message: String, at position: (line: Int, column: Int)) {
        if violation == nil {
            violation = Violation(line: position.line, column: position.column, message: message)
        }
    }

    private mutating func skipBlanks() {
        while let c = current, c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") { advance() }
    }

    private mutating func skipComment() {
        while let c = current, c != UInt8(ascii: "\n") { advance() }
    }

    private mutating func run() {
        while current != nil && violation == nil {
            if frames.isEmpty {
                statement()
            } else {
                insideValue()
            }
        }
    }

    /// The start of a line outside any array or inline table: a header, a key or nothing.
    private mutating func statement() {
        skipBlanks()
        guard let c = current else { return }
        switch c {
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            advance()
        case UInt8(ascii: "#"):
            skipComment()
        case UInt8(ascii: "["):
            advance()
            // `[[a]]` is an array of tables: the array is one level, each table one more.
            let isArray = current == UInt8(ascii: "[")
            if isArray { advance() }
            let base = isArray ? 1 : 0
            headerDepth = base + dottedKey(base: base, lastIsTable: true)
            restOfLine()
        default:
            let parts = dottedKey(base: headerDepth, lastIsTable: false)
            skipBlanks()
            if current == UInt8(ascii: "=") { advance() }
            slot = headerDepth + parts
            restOfLine()
        }
    }

    /// The rest of a statement's line: a value (which may open arrays that span lines) or text
    /// toml++ will reject; a line break outside brackets ends it.
    private mutating func restOfLine() {
        while let c = current, violation == nil {
            if !frames.isEmpty { return insideValue() }
            if c == UInt8(ascii: "\n") { return advance() }
            valueToken(c)
        }
    }

    /// Inside an array or inline table: values, keys (in a table), separators, comments.
    private mutating func insideValue() {
        guard let c = current, let top = frames.last else { return }
        if expectingKey {
            if c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\n")
                || c == UInt8(ascii: "\r")
            {
                return advance()
            }
            if c != UInt8(ascii: "}") && c != UInt8(ascii: "#") && c != UInt8(ascii: ",") {
                expectingKey = false
                let parts = dottedKey(base: top.depth, lastIsTable: false)
                skipBlanks()
                if current == UInt8(ascii: "=") { advance() }
                slot = top.depth + parts
                return
            }
        }
        if c == UInt8(ascii: ",") {
            advance()
            expectingKey = top.isTable
            slot = top.depth + 1
            return
        }
        valueToken(c)
    }

    /// One step through a value: a string, a bracket, a comment or any other byte.
    private mutating func valueToken(_ c: UInt8) {
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            skipString()
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            open(isTable: c == UInt8(ascii: "{"))
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            advance()
            if !frames.isEmpty { frames.removeLast() }
            expectingKey = false
            slot = (frames.last?.depth ?? 0) + 1
        case UInt8(ascii: "#"):
            skipComment()
        default:
            advance()
        }
    }

    private mutating func open(isTable: Bool) {
        if slot > maximumDepth { return tooDeep(at: (line, column)) }
        advance()
        frames.append(Frame(isTable: isTable, depth: slot))
        expectingKey = isTable
        slot += 1
    }

    private mutating func tooDeep(at position: (line: Int, column: Int)) {
        fail(
            "tables, dotted keys, arrays and inline tables nest more than \(maximumDepth) levels deep here; "
                + "at most \(maximumDepth) are allowed", at: position)
    }

    /// `a.b."c d".'e'` and the blanks after it, under a table at level `base`: returns its parts
    /// (0 when no key starts here). Each part but the last is a table one level deeper; the last
    /// is one too in a header (`lastIsTable`), and otherwise names the value, whose level counts
    /// only when it opens an array or inline table.
    private mutating func dottedKey(base: Int, lastIsTable: Bool) -> Int {
        var parts = 0
        while violation == nil {
            skipBlanks()
            guard let c = current else { return parts }
            let start = index
            let position = (line, column)
            var scalars = 0
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                advance()
                while let d = current, d != c, d != UInt8(ascii: "\n") {
                    if c == UInt8(ascii: "\""), d == UInt8(ascii: "\\") { advance() }
                    if let e = current, e & 0xC0 != 0x80 { scalars += 1 }
                    advance()
                }
                if current == c { advance() }
            } else {
                // Anything that cannot end or separate a key counts as part of a bare key (toml++
                // may accept more than ASCII in bare keys; counting more is the safe side).
                while let d = current, !Self.endsBareKey(d) {
                    if d & 0xC0 != 0x80 { scalars += 1 }
                    advance()
                }
            }
            if index == start {
                // Not a key: step over the byte so the scan moves on, but leave a bracket to the
                // caller, which counts the level it opens.
                if parts == 0 && c != UInt8(ascii: "[") && c != UInt8(ascii: "{") { advance() }
                return parts
            }
            parts += 1
            if scalars > maximumKeyScalars {
                fail(
                    "a key of \(scalars) characters; at most \(maximumKeyScalars) are allowed in one part of a key",
                    at: position)
                return parts
            }
            if base + parts - (lastIsTable ? 0 : 1) > maximumDepth {
                tooDeep(at: position)
                return parts
            }
            skipBlanks()
            guard current == UInt8(ascii: ".") else { return parts }
            advance()
        }
        return parts
    }

    private static func endsBareKey(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
            UInt8(ascii: "="),
            UInt8(ascii: "."), UInt8(ascii: "#"), UInt8(ascii: "\""), UInt8(ascii: "'"),
            UInt8(ascii: "["),
            UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ","):
            true
        default:
            false
        }
    }

    /// A basic or literal string, single- or multi-line; an unterminated one ends at the end of
    /// its line (single) or of the text (multi-line), where toml++ reports it.
    private mutating func skipString() {
        guard let quote = current else { return }
        let multiline =
            index + 2 < bytes.count && bytes[index + 1] == quote && bytes[index + 2] == quote
        advance()
        if multiline {
            advance()
            advance()
        }
        while let c = current {
            if quote == UInt8(ascii: "\""), c == UInt8(ascii: "\\") {
                advance()
                advance()
                continue
            }
            if c == quote {
                if !multiline { return advance() }
                if index + 2 < bytes.count && bytes[index + 1] == quote && bytes[index + 2] == quote
                {
                    advance()
                    advance()
                    advance()
                    // Up to two more quotes belong to the content (`""""` ends a string).
                    while current == quote { advance() }
                    return
                }
            }
            if c == UInt8(ascii: "\n") && !multiline { return }
            advance()
        }
    }
}
