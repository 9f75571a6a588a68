/// The operator's strings per language, and the rule that turns a page text into what is shown.
///
/// A text that is exactly `@key` is looked up in the current language, then in the default
/// language, then shown as the key itself so a missing translation is visible but never blank.
/// `@@` at the start escapes a literal `@`; any other text is shown unchanged.
public struct LanguageCatalog: Hashable, Sendable {
    /// Language code used when nothing else is chosen and after idle.
    public let defaultLanguage: String
    /// Strings per language code, each a flat table of key → text (nested keys joined by dots).
    public let strings: [String: [String: String]]
    /// Codes whose text runs right to left, beyond the ones detected from the code itself.
    public let rightToLeftCodes: Set<String>
    /// `[languages] available`, in the order written (the picker's order); the default first
    /// when not written.
    public let available: [String]
    /// Each language's own name (`[language] name` in its file), for pickers and the log.
    public let names: [String: String]

    /// Codes of scripts written right to left, detected without configuration.
    public static let detectedRightToLeftCodes: Set<String> = ["ar", "he", "fa", "ur"]

    public init(
        defaultLanguage: String = "en", strings: [String: [String: String]] = [:],
        rightToLeftCodes: Set<String> = [], available: [String]? = nil,
        names: [String: String] = [:]
    ) {
        self.defaultLanguage = defaultLanguage
        self.strings = strings
        self.rightToLeftCodes = rightToLeftCodes
        self.available = available ?? [defaultLanguage]
        self.names = names
    }

    /// Whether `language` can be shown (it is in `available`).
    public func offers(_ language: String) -> Bool { available.contains(language) }

    /// The text to show for `text` in `language`.
    public func resolve(_ text: String, in language: String) -> String {
        guard let reference = Self.translationKey(in: text) else {
            return text.hasPrefix("@@") ? String(text.dropFirst()) : text
        }
        return strings[language]?[reference] ?? strings[defaultLanguage]?[reference] ?? reference
    }

    /// The key that `text` refers to, or nil when it is shown as written.
    public static func translationKey(in text: String) -> String? {
        guard text.hasPrefix("@"), !text.hasPrefix("@@"), text.count > 1 else { return nil }
        return String(text.dropFirst())
    }

    /// Whether `language` lays out right to left: configured, or detected from its primary code
    /// (so "ar-EG" counts as Arabic).
    public func isRightToLeft(_ language: String) -> Bool {
        if rightToLeftCodes.contains(language) { return true }
        let primary = language.split(separator: "-").first.map(String.init) ?? language
        return Self.detectedRightToLeftCodes.contains(primary) || rightToLeftCodes.contains(primary)
    }

    /// Keys used by `texts` that `language` lacks, in the order first used.
    public func missingKeys(in texts: [String], for language: String) -> [String] {
        var seen = Set<String>()
        return texts.compactMap(Self.translationKey(in:)).filter { key in
            strings[language]?[key] == nil && seen.insert(key).inserted
        }
    }
}
