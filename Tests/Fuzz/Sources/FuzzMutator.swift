#if KIOSK_FUZZ
import Glibc

/// libFuzzer's own byte mutations (the driver exports it to custom mutators).
@_silgen_name("LLVMFuzzerMutate")
func LLVMFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int

/// libFuzzer calls this instead of its own mutation when it is defined: one time in four it
/// repeats a short piece of the input many times over, otherwise it mutates as libFuzzer does.
///
/// Why: coverage stops growing a few levels into a nested structure, so libFuzzer keeps no
/// input deeper than that, and doubling a piece at a time never gets to the thousands of levels
/// that overflowed toml++'s stack (issue 26: a dotted key of 100,000 parts). Repeating `k.`,
/// `[`, `{a = ` or `[[x.` thousands of times in one step reaches such depths from any input
/// that has the piece, and the dictionary puts such pieces into inputs.
@_cdecl("LLVMFuzzerCustomMutator")
func fuzzCustomMutator(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    var random = SeededRandom(state: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1)
    guard size > 0, size < maxSize, random.next() % 4 == 0 else {
        return LLVMFuzzerMutate(data, size, maxSize)
    }
    return RepeatMutation.apply(data, size: size, maxSize: maxSize, random: &random)
}

/// Inserts many copies of a piece of the input (1 to 16 bytes) right after it.
enum RepeatMutation {
    static func apply(_ data: UnsafeMutablePointer<UInt8>, size: Int, maxSize: Int, random: inout SeededRandom) -> Int {
        let start = Int(random.next() % UInt64(size))
        let length = 1 + Int(random.next() % UInt64(min(16, size - start)))
        let room = (maxSize - size) / length
        guard room > 0 else { return size }
        // Anything from a few copies to filling the room, each power of two as likely.
        let copies = max(1, room >> Int(random.next() % 16))
        let end = start + length
        let added = copies * length
        // Move the tail out of the way (the regions overlap), then fill the gap with the piece.
        memmove(data + end + added, data + end, size - end)
        for copy in 0..<copies {
            (data + end + copy * length).update(from: data + start, count: length)
        }
        return size + added
    }
}

/// splitmix64, seeded by libFuzzer so a run repeats with the same -seed.
struct SeededRandom {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
#endif
