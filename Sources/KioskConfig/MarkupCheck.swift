/// A light check of Pango markup, so a typo is reported when the config is checked instead of
/// the text silently failing to draw on the panel. It knows Pango's tag names and XML's entity
/// rules; attribute values are left to Pango.
enum MarkupCheck {
    static let tags: Set<String> = [
        "b", "big", "i", "s", "sub", "sup", "small", "tt", "u", "span", "markup"
    ]
    static let entities: Set<String> = ["amp", "lt", "gt", "quot", "apos"]

    /// A one-line description of the first problem, or nil when the markup looks fine.
    static func problem(in markup: String) -> String? {
        let s = Array(markup.unicodeScalars)
        var open: [String] = []
        var i = 0
        while i < s.count {
            let c = s[i]
            if c == "&" {
                var j = i + 1
                var name = ""
                while j < s.count, s[j] != ";", j - i <= 10 {
                    name.unicodeScalars.append(s[j])
                    j += 1
                }
                guard j < s.count, s[j] == ";", isEntity(name) else {
                    return "'&' must start an entity such as &amp; or &lt;"
                }
                i = j + 1
            } else if c == "<" {
                var j = i + 1
                var quote: Unicode.Scalar?
                while j < s.count {
                    if let q = quote {
                        if s[j] == q { quote = nil }
                    } else if s[j] == "\"" || s[j] == "'" {
                        quote = s[j]
                    } else if s[j] == ">" {
                        break
                    }
                    j += 1
                }
                guard j < s.count else { return "a tag is not closed with '>'" }
                var body = String(String.UnicodeScalarView(s[(i + 1)..<j]))
                let closing = body.hasPrefix("/")
                if closing { body.removeFirst() }
                let selfClosing = body.hasSuffix("/")
                if selfClosing { body.removeLast() }
                let name = String(body.prefix { !$0.isWhitespace })
                guard tags.contains(name) else {
                    return "unknown tag <\(closing ? "/" : "")\(name)>"
                        + Suggestion.hint(for: name, in: tags.sorted(), listAll: false)
                }
                if closing {
                    guard let last = open.popLast() else { return "</\(name)> closes nothing" }
                    guard last == name else { return "</\(name)> closes <\(last)>" }
                } else if !selfClosing {
                    open.append(name)
                }
                i = j + 1
            } else {
                i += 1
            }
        }
        if let last = open.last { return "<\(last)> is never closed" }
        return nil
    }

    static func isEntity(_ name: String) -> Bool {
        if entities.contains(name) { return true }
        guard name.hasPrefix("#") else { return false }
        let digits = name.dropFirst()
        if digits.hasPrefix("x") || digits.hasPrefix("X") {
            return digits.count > 1
                && UInt32(digits.dropFirst(), radix: 16).flatMap(Unicode.Scalar.init) != nil
        }
        return !digits.isEmpty && UInt32(digits).flatMap(Unicode.Scalar.init) != nil
    }
}
