import KioskCore

/// `lock = "<hash>"` on a page: the crypt(3) hash of its PIN, as `kiosk-shell hash-pin` prints
/// it. `check` can only tell its shape (the C library that verifies it is the runner's), and
/// that catches the mistakes that matter: the PIN itself written in the file, or a cut-off hash.
extension PageParser {
    /// The crypt(3) methods libcrypt1 verifies: yescrypt (what hash-pin makes), gost-yescrypt,
    /// scrypt, bcrypt, SHA-512 and SHA-256 crypt.
    static let lockMethods: Set<Substring> = ["y", "gy", "7", "2b", "2y", "2a", "6", "5"]

    /// The page's `lock`, nil when it has none or it is wrong (reported).
    func lock(_ root: TableReader) -> String? {
        guard let hash = root.string("lock") else { return nil }
        if let problem = Self.lockProblem(hash) {
            context.error(root.keyPath("lock"), problem)
            return nil
        }
        return hash
    }

    /// Why `hash` is not a PIN hash, in one line; nil when it looks like one.
    static func lockProblem(_ hash: String) -> String? {
        let fields = hash.split(separator: "$", omittingEmptySubsequences: false)
        let made = "make one with `echo PIN | kiosk-shell hash-pin`"
        // Never echo it back: it may be the PIN itself.
        guard hash.first == "$", fields.count >= 4, fields.dropFirst().allSatisfy({ !$0.isEmpty })
        else { return "is not a PIN hash (\"$y$…$…$…\"); \(made)" }
        guard Self.lockMethods.contains(fields[1]) else {
            return "\"$\(fields[1])$\" is not a crypt(3) method libcrypt verifies; \(made)"
        }
        let allowed = Set("./=,-abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        guard hash.dropFirst().allSatisfy({ $0 == "$" || allowed.contains($0) }) else {
            return "holds characters a PIN hash never has; \(made)"
        }
        return nil
    }
}
