import KioskPlatform
import Testing

/// The PIN hashes of locked pages, through the real libcrypt.
@Suite("PIN hash")
struct PINHashTests {
    @Test("a made hash is yescrypt, matches its PIN only, and is salted afresh each time")
    func roundTrip() throws {
        let hash = try PINHash.make(pin: "4711")
        #expect(hash.hasPrefix("$y$"))
        #expect(hash.split(separator: "$").count == 4)
        #expect(PINHash.matches("4711", hash: hash))
        #expect(!PINHash.matches("4712", hash: hash))
        #expect(!PINHash.matches("", hash: hash))
        #expect(!PINHash.matches("47110", hash: hash))
        let again = try PINHash.make(pin: "4711")
        #expect(again != hash)
        #expect(PINHash.matches("4711", hash: again))
    }

    @Test("a hash libcrypt cannot read matches nothing (and does not crash)")
    func unreadableHash() {
        for hash in ["", "1234", "$y$", "$q$abc$def", "*0"] {
            #expect(!PINHash.matches("1234", hash: hash), "\(hash)")
            #expect(!PINHash.matches("", hash: hash), "\(hash)")
        }
    }
}
