/// A physical keyboard typing into an open pad or keyboard: the keysym names both key sources
/// deliver (`Key.other`, xkbcommon's names) turned into the characters they type.
extension EntryKey {
    /// Keysyms whose names are not the character they type (xkbcommon names punctuation, the
    /// keypad and accented letters by words).
    static let keysymCharacters: [String: String] = [
        "period": ".", "KP_Decimal": ".", "comma": ",", "KP_Separator": ",",
        "minus": "-", "KP_Subtract": "-", "plus": "+", "KP_Add": "+",
        "at": "@", "underscore": "_", "slash": "/", "colon": ":",
        "adiaeresis": "ä", "odiaeresis": "ö", "udiaeresis": "ü", "ssharp": "ß",
        "Adiaeresis": "Ä", "Odiaeresis": "Ö", "Udiaeresis": "Ü",
        "eacute": "é", "egrave": "è", "agrave": "à", "ccedilla": "ç", "ugrave": "ù",
        "KP_Space": " "
    ]

    /// The key a physical key of keysym `name` presses on the pad; nil when it types nothing.
    public init?(typedByKeysym name: String) {
        if let character = Self.keysymCharacters[name] {
            self = character == " " ? .space : .character(character)
        } else if name.hasPrefix("KP_"), name.count == 4, let digit = name.last, digit.isNumber {
            self = .character(String(digit))
        } else if name.count == 1, let c = name.first, c.isLetter || c.isNumber {
            self = .character(name)
        } else {
            return nil
        }
    }
}
