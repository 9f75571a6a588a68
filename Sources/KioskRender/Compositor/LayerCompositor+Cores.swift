#if canImport(Glibc)
    import Glibc
#endif

extension LayerCompositor {
    /// The CPUs this process may run on, at least 1: its affinity mask (`Cpus_allowed` in
    /// /proc/self/status, so `taskset -c 0` gives 1), else the online CPUs. (`sched_getaffinity`
    /// is a GNU extension Swift's Glibc module does not show.)
    public static var availableCores: Int {
        if let mask = statusField("Cpus_allowed:") {
            let bits = mask.reduce(0) { count, c in count + (c.hexDigitValue?.nonzeroBitCount ?? 0)
            }
            if bits > 0 { return bits }
        }
        return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// The value of a /proc/self/status line starting with `name`, without blanks and commas.
    private static func statusField(_ name: String) -> String? {
        guard let file = fopen("/proc/self/status", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 512)
        while fgets(&line, Int32(line.count), file) != nil {
            let bytes = line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            let text = String(decoding: bytes, as: UTF8.self)
            if text.hasPrefix(name) {
                return String(text.dropFirst(name.count).filter { !$0.isWhitespace && $0 != "," })
            }
        }
        return nil
    }
}
