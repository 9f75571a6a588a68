// Ownership: crypt_gensalt returns a static buffer, copied at once; crypt_rn writes into a
// `crypt_data` this file allocates and frees around each call (about 32 KiB: on the heap, not the
// loop thread's stack).
import CCrypt

#if canImport(Glibc)
    import Glibc
#endif

/// The PIN of a locked page, as crypt(3) hashes it: `make` for `kiosk-shell hash-pin` (yescrypt,
/// Debian's default for passwords, with a random salt from the kernel), `matches` when a visitor
/// enters one. The config holds only the hash, so reading kiosk.toml's folder does not tell the PIN.
public enum PINHash {
    /// yescrypt, the method `make` uses.
    public static let method = "$y$"

    /// A new hash of `pin` with a fresh random salt.
    public static func make(pin: String) throws(PlatformError) -> String {
        // No random bytes handed in: libxcrypt takes them from getentropy itself.
        guard let setting = crypt_gensalt(method, 0, nil, 0) else {
            throw PlatformError.fromErrno("crypt_gensalt(\(method))")
        }
        guard let hash = hash(pin, setting: String(cString: setting)) else {
            throw PlatformError.fromErrno("crypt(\(method))")
        }
        return hash
    }

    /// Whether `pin` is the PIN `hash` was made from; false for a hash libcrypt cannot read.
    public static func matches(_ pin: String, hash: String) -> Bool {
        guard let computed = Self.hash(pin, setting: hash) else { return false }
        return equalInConstantTime(Array(computed.utf8), Array(hash.utf8))
    }

    /// crypt(3) of `phrase` with `setting` (a salt, or a whole hash to verify against); nil when
    /// libcrypt refuses (it then returns a string starting with `*`).
    private static func hash(_ phrase: String, setting: String) -> String? {
        let data = UnsafeMutablePointer<crypt_data>.allocate(capacity: 1)
        defer { data.deallocate() }
        UnsafeMutableRawPointer(data).initializeMemory(
            as: UInt8.self, repeating: 0, count: MemoryLayout<crypt_data>.size)
        guard
            let result = crypt_rn(
                phrase, setting, UnsafeMutableRawPointer(data),
                Int32(MemoryLayout<crypt_data>.size))
        else { return nil }
        let hash = String(cString: result)
        return hash.hasPrefix("*") ? nil : hash
    }

    /// The time it takes does not tell how many leading bytes of a guess's hash were right.
    private static func equalInConstantTime(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a, b) { difference |= x ^ y }
        return difference == 0
    }
}
