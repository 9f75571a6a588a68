/// Turns a config file's bytes into text, or says exactly where and why it cannot.
enum TextDecoding {
    enum Failure: Equatable {
        case tooLarge
        case nul(line: Int, column: Int)
        case notUTF8(line: Int, column: Int, byte: UInt8)
    }

    static func decode(_ bytes: [UInt8], limit: Int) -> Result<String, DecodeError> {
        if bytes.count > limit { return .failure(DecodeError(failure: .tooLarge)) }
        if let bad = firstInvalidUTF8(bytes) {
            let (line, column) = position(of: bad, in: bytes)
            return .failure(
                DecodeError(failure: .notUTF8(line: line, column: column, byte: bytes[bad])))
        }
        // TOMLKit hands the text to C++ as a C string, so a NUL would silently cut the file short.
        if let nul = bytes.firstIndex(of: 0) {
            let (line, column) = position(of: nul, in: bytes)
            return .failure(DecodeError(failure: .nul(line: line, column: column)))
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    struct DecodeError: Error {
        var failure: Failure
    }

    /// 1-based line and column (in characters) of byte `offset`; valid UTF-8 is assumed before it.
    static func position(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
        var line = 1
        var column = 1
        for byte in bytes[..<offset] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    /// The offset of the first byte that breaks UTF-8 (RFC 3629: no overlongs, no surrogates,
    /// nothing above U+10FFFF), or nil.
    static func firstInvalidUTF8(_ b: [UInt8]) -> Int? {
        var i = 0
        while i < b.count {
            let lead = b[i]
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0: (length, low) = (3, 0xA0)
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: (length, high) = (3, 0x9F)
            case 0xF0: (length, low) = (4, 0x90)
            case 0xF1...0xF3: length = 4
            case 0xF4: (length, high) = (4, 0x8F)
            default: return i
            }
            for k in 1..<max(length, 1) {
                guard i + k < b.count else { return i }
                let byte = b[i + k]
                let (min, max): (UInt8, UInt8) = k == 1 ? (low, high) : (0x80, 0xBF)
                guard byte >= min && byte <= max else { return i }
            }
            i += length
        }
        return nil
    }
}
