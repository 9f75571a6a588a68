import KioskCore

/// Checks a PNG file's structure without decoding its pixels: the signature, an IHDR chunk first
/// with a size within `ConfigLimits`, every chunk's CRC, at least one IDAT and an IEND. That finds
/// truncated and corrupted files (a flipped byte breaks a CRC) and pictures too large to decode.
enum PNGCheck {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The file's problem in words, or nil when it is a well-formed PNG within the limits.
    static func problem(in bytes: [UInt8]) -> String? {
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else {
            return "not a PNG file (no PNG signature)"
        }
        var offset = 8
        var sawHeader = false
        var sawData = false
        while true {
            guard offset + 12 <= bytes.count else {
                return "truncated PNG file (ends inside a chunk)"
            }
            let length = Int(be32(bytes, offset))
            let typeStart = offset + 4
            let type = String(decoding: bytes[typeStart..<typeStart + 4], as: UTF8.self)
            guard length <= 0x7FFF_FFFF, typeStart + 4 + length + 4 <= bytes.count else {
                return "truncated PNG file (chunk \(type.oneLine) ends past the end of the file)"
            }
            let dataStart = typeStart + 4
            let crc = be32(bytes, dataStart + length)
            guard crc == CRC32.checksum(bytes[typeStart..<dataStart + length]) else {
                return "corrupt PNG file (bad checksum in chunk \(type.oneLine))"
            }
            if !sawHeader {
                guard type == "IHDR", length == 13 else {
                    return "corrupt PNG file (no IHDR chunk first)"
                }
                if let problem = headerProblem(
                    width: Int(be32(bytes, dataStart)), height: Int(be32(bytes, dataStart + 4)))
                {
                    return problem
                }
                sawHeader = true
            }
            if type == "IDAT" { sawData = true }
            if type == "IEND" { return sawData ? nil : "corrupt PNG file (no image data)" }
            offset = dataStart + length + 4
        }
    }

    /// Why a picture of this size is refused, or nil.
    static func headerProblem(width: Int, height: Int) -> String? {
        guard width > 0, height > 0 else { return "corrupt PNG file (size \(width)x\(height))" }
        if width > ConfigLimits.imageSide || height > ConfigLimits.imageSide
            || width * height > ConfigLimits.imagePixels
        {
            return
                "image is \(width)x\(height) pixels; at most \(ConfigLimits.imagePixels / (1024 * 1024)) megapixels"
                + " and \(ConfigLimits.imageSide) pixels a side are allowed (scale it down)"
        }
        return nil
    }

    static func be32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
    }
}

/// CRC-32 as PNG and zlib use it (polynomial 0xEDB88320).
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
