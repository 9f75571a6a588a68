/// The on-screen keys a field opens: a numeric pad, or a keyboard in the visitor's letter order
/// (`layout = "en" | "de" | "fr"`: QWERTY, QWERTZ, AZERTY). Rows of keys, top first; the
/// overlay draws each row as evenly wide keys across the card.
public enum KeyboardLayout: String, Hashable, Sendable, CaseIterable {
    case numeric
    case en
    case de
    case fr

    /// The layout for a language code (`"de"`, `"fr-CH"`); English when it has none of its own.
    public static func forLanguage(_ code: String?) -> KeyboardLayout {
        let language = code?.prefix { $0 != "-" && $0 != "_" }.lowercased()
        return language.flatMap { KeyboardLayout(rawValue: $0) }.flatMap {
            $0 == .numeric ? nil : $0
        } ?? .en
    }

    /// The names `layout = "…"` accepts.
    public static let letterLayouts: [KeyboardLayout] = [.en, .de, .fr]

    public var rows: [[EntryKey]] {
        switch self {
        case .numeric:
            return [
                Self.characters("789"), Self.characters("456"), Self.characters("123"),
                [.character("-"), .character("0"), .character(".")],
                [.cancel, .backspace, .submit]
            ]
        case .en:
            return Self.letters(["1234567890", "qwertyuiop", "asdfghjkl", "zxcvbnm"])
        case .de:
            return Self.letters(["1234567890", "qwertzuiopü", "asdfghjklöä", "yxcvbnm"])
        case .fr:
            return Self.letters(["1234567890", "azertyuiop", "qsdfghjklm", "wxcvbn"])
        }
    }

    private static func characters(_ keys: String) -> [EntryKey] {
        keys.map { .character(String($0)) }
    }

    /// Letter rows, the last with backspace, then space between cancel and submit.
    private static func letters(_ rows: [String]) -> [[EntryKey]] {
        var keys = rows.map(characters)
        keys[keys.count - 1].append(.backspace)
        keys.append([.cancel, .space, .submit])
        return keys
    }
}
