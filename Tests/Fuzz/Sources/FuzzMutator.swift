#if KIOSK_FUZZ
    import Glibc
    import KioskCore

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
    func fuzzCustomMutator(
        _ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32
    ) -> Int {
        var random = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1)
        guard size > 0, size < maxSize, random.next() % 4 == 0 else {
            return LLVMFuzzerMutate(data, size, maxSize)
        }
        return RepeatMutation.apply(data, size: size, maxSize: maxSize, random: &random)
    }

    /// Inserts many copies of a piece of the input (1 to 16 bytes) right after it. Half the time
    /// the piece is one that nests when repeated: a key part with its dot (`k.`), a `[`, or a `{`
    /// with the key after it (`{a = `); otherwise any piece. Half the time the copies fill most of
    /// the room (thousands of levels at once), otherwise any amount, each power of two as likely.
    enum RepeatMutation {
        static func apply(
            _ data: UnsafeMutablePointer<UInt8>, size: Int, maxSize: Int, random: inout SplitMix64
        ) -> Int {
            var start = Int(random.next() % UInt64(size))
            var length = 1 + Int(random.next() % UInt64(min(16, size - start)))
            if random.next() % 2 == 0, let piece = nestingPiece(data, size: size, from: start) {
                (start, length) = piece
            }
            let room = (maxSize - size) / length
            guard room > 0 else { return size }
            let copies = max(1, room >> Int(random.next() % (random.next() % 2 == 0 ? 3 : 16)))
            let end = start + length
            let added = copies * length
            // Move the tail out of the way (the regions overlap), then fill the gap with the piece.
            memmove(data + end + added, data + end, size - end)
            for copy in 0..<copies {
                (data + end + copy * length).update(from: data + start, count: length)
            }
            return size + added
        }

        /// The first piece at or after `from` (wrapping around) that nests when repeated.
        static func nestingPiece(_ data: UnsafeMutablePointer<UInt8>, size: Int, from: Int) -> (
            start: Int, length: Int
        )? {
            for step in 0..<size {
                let i = (from + step) % size
                switch data[i] {
                case UInt8(ascii: "."):
                    // The key part before the dot, and the dot.
                    var first = i
                    while first > 0, i - first < 15, isBareKey(data[first - 1]) { first -= 1 }
                    if first < i { return (first, i - first + 1) }
                case UInt8(ascii: "["):
                    return (i, 1)
                case UInt8(ascii: "{"):
                    // `{` up to the blank after `=` (`{a = `), or `{` alone.
                    var last = i
                    while last + 1 < size, last - i < 15, data[last] != UInt8(ascii: "=") {
                        last += 1
                    }
                    if data[last] == UInt8(ascii: "="), last + 1 < size,
                        data[last + 1] == UInt8(ascii: " ")
                    {
                        last += 1
                    }
                    return data[last] == UInt8(ascii: "=") || data[last] == UInt8(ascii: " ")
                        ? (i, last - i + 1) : (i, 1)
                default:
                    continue
                }
            }
            return nil
        }

        static func isBareKey(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
    }

#endif
