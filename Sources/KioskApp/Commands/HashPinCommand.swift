import KioskCore
import KioskPlatform

/// `kiosk-shell hash-pin`: the PIN read from standard input (so it is in no shell history or
/// process list) becomes the `lock = "…"` hash of a page.
public enum HashPinCommand {
    /// The keypad a locked page opens has digits only and takes at most this many.
    public static let digits = 4...LockedPagePrompt.longestPIN

    /// The hash of the PIN on the first line of `input`, or a one-line reason it is refused.
    public static func run(input: String?) -> Result<String, HashPinError> {
        guard let line = input else { return .failure(.noPIN) }
        let pin = String(line.filter { !$0.isWhitespace })
        guard !pin.isEmpty else { return .failure(.noPIN) }
        guard pin.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return .failure(.notDigits)
        }
        guard digits.contains(pin.count) else { return .failure(.length(pin.count)) }
        do {
            return .success(try PINHash.make(pin: pin))
        } catch {
            return .failure(.hashing(error.description))
        }
    }
}

/// Why `hash-pin` made no hash.
public enum HashPinError: Error, Equatable, CustomStringConvertible {
    case noPIN
    case notDigits
    case length(Int)
    case hashing(String)

    public var description: String {
        let range = HashPinCommand.digits
        return switch self {
        case .noPIN: "hash-pin: no PIN on standard input (try: echo 1234 | kiosk-shell hash-pin)"
        case .notDigits: "hash-pin: a PIN is digits only (the keypad has no other keys)"
        case .length(let count):
            "hash-pin: the PIN has \(count) digits; use \(range.lowerBound) to \(range.upperBound)"
        case .hashing(let reason): "hash-pin: \(reason)"
        }
    }
}
