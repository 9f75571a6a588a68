extension NavigationState {
    static let header = "kiosk-navigation 1"

    /// Line-based text, one container per line, sorted by id:
    /// ```
    /// kiosk-navigation 1
    /// cube lobby engines
    /// drilldown browse root shelf | book
    /// stack main root detail
    /// tabs home settings
    /// ```
    /// Cubes and tabs name the page they show (before 0.x they saved its index: such a line
    /// names no page of theirs, so it is ignored and the container starts on its start page).
    /// Ids are percent-encoded (UTF-8 bytes outside `A–Z a–z 0–9 . _ / : + @`), an empty id is `-`.
    public var text: String {
        var lines = [Self.header]
        for id in entries.keys.sorted() {
            guard let entry = entries[id] else { continue }
            lines.append(([entry.kind, Self.encode(id)] + entry.words).joined(separator: " "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads `text`. Lines of kinds `containers` does not know are skipped (written by a newer
    /// version); blank lines and lines starting with `#` too.
    public init(text: String, containers: ContainerRegistry = .standard)
        throws(NavigationStateError)
    {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }
        guard lines.first?.trimmingSpaces == Self.header else { throw .missingHeader }
        var entries: [PageID: Entry] = [:]
        for (offset, line) in lines.enumerated().dropFirst() {
            let trimmed = line.trimmingSpaces
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let words = trimmed.split(separator: " ").map { String($0) }
            let number = offset + 1
            guard words.count >= 2, let id = Self.decode(words[1]) else {
                throw .malformedLine(number, trimmed)
            }
            guard let kind = containers.kind(named: words[0]) else { continue }
            guard let read = kind.readState(Array(words.dropFirst(2))) else {
                throw .malformedLine(number, trimmed)
            }
            entries[id] = Entry(kind: kind.name, words: read)
        }
        self.entries = entries
    }

    /// Page ids as saved words: percent-encoded, an empty id as `-`.
    public static func words(_ ids: [PageID]) -> [String] { ids.map(encode) }

    /// Saved words as page ids; nil when one is not a page id.
    public static func ids(_ words: [String]) -> [PageID]? {
        let ids = words.map(decode)
        return ids.contains(nil) ? nil : ids.compactMap { $0 }
    }

    /// Saved words of page ids written the one way `words` writes them; nil when one is not a
    /// page id.
    public static func normalized(_ words: [String]) -> [String]? {
        ids(words).map(Self.words)
    }

    private static func isSafe(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "/"), UInt8(ascii: ":"),
            UInt8(ascii: "+"),
            UInt8(ascii: "@"):
            true
        default: false
        }
    }

    static func encode(_ id: PageID) -> String {
        if id.rawValue.isEmpty { return "-" }
        let hex = Array("0123456789ABCDEF")
        var out = ""
        for byte in id.rawValue.utf8 {
            if isSafe(byte) {
                out.append(Character(Unicode.Scalar(byte)))
            } else {
                out.append("%")
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            }
        }
        return out
    }

    static func decode(_ word: String) -> PageID? {
        if word == "-" { return PageID("") }
        var bytes: [UInt8] = []
        var iterator = word.utf8.makeIterator()
        func hexValue(_ b: UInt8?) -> UInt8? {
            guard let b else { return nil }
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
            default: return nil
            }
        }
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = hexValue(iterator.next()), let low = hexValue(iterator.next())
                else { return nil }
                bytes.append(high << 4 | low)
            } else if isSafe(byte) {
                bytes.append(byte)
            } else {
                return nil
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        return PageID(text)
    }
}

extension NavigationState.Entry {
    /// An entry of one page (a cube's face, a tab): `<kind> <id> <page>`.
    static func page(_ id: PageID, of kind: ContainerKind) -> Self {
        Self(kind: kind.name, words: NavigationState.words([id]))
    }

    /// The page of an entry of `kind` made by `page(_:of:)`; nil for another kind's.
    func page(of kind: ContainerKind) -> PageID? {
        guard self.kind == kind.name, words.count == 1 else { return nil }
        return NavigationState.ids(words)?.first
    }

    /// One page id (a cube's face, a tab): how such an entry reads its words.
    static func readPage(_ words: [String]) -> [String]? {
        words.count == 1 ? NavigationState.normalized(words) : nil
    }

    /// An entry of one index: `<kind> <id> <index>`.
    static func index(_ value: Int, of kind: ContainerKind) -> Self {
        Self(kind: kind.name, words: [String(value)])
    }

    /// The index of an entry of `kind` made by `index(_:of:)`; nil for another kind's.
    func index(of kind: ContainerKind) -> Int? {
        self.kind == kind.name && words.count == 1 ? Int(words[0]) : nil
    }

    /// One index that is not negative (a cube's face, a tab): how such an entry reads its words.
    static func readIndex(_ words: [String]) -> [String]? {
        guard words.count == 1, let value = Int(words[0]), value >= 0 else { return nil }
        return [String(value)]
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var s = Substring(self)
        while let c = s.first, c == " " || c == "\t" || c == "\r" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" || c == "\r" { s.removeLast() }
        return String(s)
    }
}
