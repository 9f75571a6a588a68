#if canImport(Glibc)
    import Glibc
#endif

/// The process's resident memory, for the health report: the second field of
/// `/proc/self/statm` (pages), the same number `ps` and the soak's samples show as RSS.
public enum ProcessMemory {
    /// Resident set size in KiB; nil where /proc cannot be read.
    public static func residentKiB() -> Int? {
        guard let bytes = try? AtomicFile.read("/proc/self/statm", limit: 4096) else { return nil }
        let fields = String(decoding: bytes, as: UTF8.self).split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
    }
}
