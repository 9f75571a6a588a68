/// Checks a clock format's strftime(3) conversions, so `%Q` is reported by `check` instead of
/// being printed literally on the wall.
enum StrftimeCheck {
    /// Conversions glibc's strftime understands.
    static let conversions = Set("aAbBcCdDeFgGhHIjklmMnpPrRsStTuUVwWxXyYzZ+%".unicodeScalars)
    static let flags = Set("_-0^#".unicodeScalars)

    /// A one-line description of the first problem, or nil.
    static func problem(in format: String) -> String? {
        let s = Array(format.unicodeScalars)
        var i = 0
        while i < s.count {
            guard s[i] == "%" else {
                i += 1
                continue
            }
            var j = i + 1
            while j < s.count, flags.contains(s[j]) { j += 1 }
            while j < s.count, ("0"..."9").contains(s[j]) { j += 1 }
            if j < s.count, s[j] == "E" || s[j] == "O" { j += 1 }
            guard j < s.count else {
                return "format ends in an incomplete '%' conversion (write %% for a percent sign)"
            }
            guard conversions.contains(s[j]) else {
                let written = String(String.UnicodeScalarView(s[i...j]))
                return "unknown strftime conversion '\(written)'"
            }
            i = j + 1
        }
        return nil
    }
}
