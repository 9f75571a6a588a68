#if canImport(Glibc)
    import Glibc
#endif

/// A device node's major and minor numbers: glibc's gnu_dev_major and gnu_dev_minor are macros
/// Swift does not import.
public enum DeviceNumber {
    public static func major(_ device: dev_t) -> UInt64 {
        let d = UInt64(device)
        return ((d >> 8) & 0xfff) | ((d >> 32) & ~0xfff)
    }

    public static func minor(_ device: dev_t) -> UInt64 {
        let d = UInt64(device)
        return (d & 0xff) | ((d >> 12) & ~0xff)
    }
}
