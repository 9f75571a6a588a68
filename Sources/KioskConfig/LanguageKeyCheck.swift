import KioskCore

/// Checks the pages' `@key` texts and `language = "…"` actions against the language files, with
/// the line of each use: a key missing in a language is a warning (the panel shows the default
/// language's text there, or the key itself when the default lacks it too); a `language` action
/// naming a language not offered is an error. Also warns when pages use `@key`s but kiosk.toml
/// has no `[languages]` (they would show as written).
enum LanguageKeyCheck {
    struct Use {
        let text: String
        let line: Int
        let column: Int
    }

    static func check(
        _ pages: [ParsedPage], catalog: LanguageCatalog?, files: any ConfigFiles
    ) {
        for page in pages {
            guard
                case .success(let bytes) = files.read(
                    page.file, limit: ConfigLoader.maximumFileSize)
            else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            let keys = uses(in: text, pattern: quotedKey)
            let languages = uses(in: text, pattern: languageAction)
            guard let catalog else {
                if let first = keys.first {
                    warn(
                        page, first,
                        "\"@\(first.text)\" is shown as written: kiosk.toml has no [languages] (default = \"en\", available = [...]) and no lang/ files"
                    )
                }
                continue
            }
            for use in languages where !catalog.offers(use.text) {
                page.context.append(
                    Diagnostic(
                        severity: .error, file: page.file, line: use.line, column: use.column,
                        message:
                            "language \"\(use.text)\" is not one of [languages] available in kiosk.toml (\(catalog.available.joined(separator: ", ")))"
                    ))
            }
            var reported = Set<String>()
            for use in keys {
                for language in catalog.available
                where catalog.strings[language].map({ $0[use.text] == nil }) ?? false {
                    guard reported.insert(language + "\u{0}" + use.text).inserted else { continue }
                    let fallback =
                        language == catalog.defaultLanguage
                            || catalog.strings[catalog.defaultLanguage]?[use.text] == nil
                        ? "the panel shows \"\(use.text)\""
                        : "the panel shows the \(catalog.defaultLanguage) text there"
                    warn(page, use, "\"@\(use.text)\" is not in lang/\(language).toml: \(fallback)")
                }
            }
        }
    }

    private static func warn(_ page: ParsedPage, _ use: Use, _ message: String) {
        page.context.append(
            Diagnostic(
                severity: .warning, file: page.file, line: use.line, column: use.column,
                message: message))
    }

    /// `"@key"` or `'@key'` as a whole TOML string (`@@` escapes a literal `@`).
    private static let quotedKey: @Sendable (Substring) -> [(String, Int)] = { line in
        var found: [(String, Int)] = []
        let chars = Array(line)
        var i = 0
        while i < chars.count {
            let quote = chars[i]
            if quote == "\"" || quote == "'", i + 2 < chars.count, chars[i + 1] == "@",
                chars[i + 2] != "@",
                let end = chars[(i + 2)...].firstIndex(of: quote)
            {
                let key = String(chars[(i + 2)..<end])
                if !key.isEmpty, !key.contains(where: { $0.isWhitespace || $0 == "\\" }) {
                    found.append((key, i + 1))
                }
                i = end + 1
            } else {
                i += 1
            }
        }
        return found
    }

    /// `language = "de"` at the start of a line.
    private static let languageAction: @Sendable (Substring) -> [(String, Int)] = { line in
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard trimmed.hasPrefix("language") else { return [] }
        let rest = trimmed.dropFirst("language".count).drop { $0 == " " || $0 == "\t" }
        guard rest.first == "=" else { return [] }
        let value = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
        guard let quote = value.first, quote == "\"" || quote == "'",
            let end = value.dropFirst().firstIndex(of: quote)
        else { return [] }
        let column = line.distance(from: line.startIndex, to: value.startIndex) + 1
        return [(String(value[value.index(after: value.startIndex)..<end]), column)]
    }

    private static func uses(in text: String, pattern: (Substring) -> [(String, Int)]) -> [Use] {
        var result: [Use] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated()
        {
            let code = line.prefix { $0 != "#" }  // comments name keys freely
            for (text, column) in pattern(code) {
                result.append(Use(text: text, line: index + 1, column: column))
            }
        }
        return result
    }
}
