/// What a file value card shows for the file's trimmed contents: the value, its placeholder when
/// there is none, or "binary data" when the file holds bytes that are not text (an image, a
/// binary counter), which would otherwise draw as replacement boxes.
struct FileValueText: Hashable {
    /// Shown instead of a file's contents that are not text.
    static let binaryPlaceholder = "binary data"

    var text: String
    /// True when `text` is the file's value (drawn in the text colour, with the unit).
    var isValue: Bool

    init(_ value: String?, placeholder: String) {
        guard let value else {
            text = placeholder
            isValue = false
            return
        }
        if FileValueText.isBinary(value) {
            text = FileValueText.binaryPlaceholder
            isValue = false
        } else {
            text = value
            isValue = true
        }
    }

    /// True for contents that are not text: bytes that are not UTF-8 (decoded as U+FFFD), NUL
    /// or another control character other than tab, line feed and carriage return.
    static func isBinary(_ contents: String) -> Bool {
        contents.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: false
            case 0x00..<0x20, 0x7F, 0xFFFD: true
            default: false
            }
        }
    }
}
