import Glibc

/// Reading an open file descriptor to its end or a cap, without waiting: on a non-blocking
/// descriptor (a FIFO without data) it stops at the first EAGAIN.
enum DescriptorReader {
    /// Up to `limit` bytes from `fd`, retrying on EINTR, stopping at end of file or an error.
    static func read(_ fd: Int32, limit: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: max(0, limit))
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes {
                Glibc.read(fd, $0.baseAddress! + count, $0.count - count)
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            count += n
        }
        bytes.removeSubrange(count...)
        return bytes
    }
}
