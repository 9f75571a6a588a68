#if canImport(Glibc)
    import Glibc
#endif

/// Writing to a file descriptor the way every caller needs it.
public enum Descriptor {
    /// Writes all of `bytes` to `fd`: again after a short write or EINTR. False, with errno saying
    /// why, when a write fails or writes nothing.
    public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }
}
