/// A short fingerprint of a config folder's TOML files (`kiosk.toml`, `pages/*.toml` and
/// `lang/*.toml`, names
/// and bytes, in name order), for the health report: a fleet tool compares it across panels to
/// see which run the config it deployed. FNV-1a 64: not a security hash, only a change detector
/// that needs no library and gives the same text on every machine.
public enum ConfigFingerprint {
    /// 16 hexadecimal digits; the same files give the same text on every panel.
    public static func of(directory: String) -> String {
        of(files: DirectoryFiles(directory: directory))
    }

    static func of(files: any ConfigFiles) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ bytes: some Sequence<UInt8>) {
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
        }
        let folders = ["pages", "lang"].flatMap { folder in
            (files.list(folder) ?? []).filter { $0.hasSuffix(".toml") }.map { folder + "/" + $0 }
        }
        for path in ["kiosk.toml"] + folders {
            guard case .success(let bytes) = files.read(path, limit: 16 << 20) else { continue }
            // The name and a separator first, so moving bytes from one file to the next counts.
            mix(path.utf8)
            mix([0])
            mix(bytes)
            mix([0])
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
