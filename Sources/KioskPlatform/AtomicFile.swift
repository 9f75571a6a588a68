#if canImport(Glibc)
    import Glibc
#endif

/// Small files written so that a crash or power cut at any moment leaves either the old or the
/// new content, never a mix: write a temporary file in the same folder, fsync it, rename it over
/// the target, fsync the folder (the rename itself is only durable once the folder is synced).
public enum AtomicFile {
    /// Replaces `path` with `bytes` atomically. The folder must exist.
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644)
        throws(PlatformError)
    {
        let folder = directory(of: path)
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else { throw .fromErrno("open \(temporary)") }
        guard bytes.withUnsafeBytes({ Descriptor.writeAll(fd, $0) }) else {
            let error = PlatformError.fromErrno("write \(temporary)")
            close(fd)
            unlink(temporary)
            throw error
        }
        guard fsync(fd) == 0 else {
            let error = PlatformError.fromErrno("fsync \(temporary)")
            close(fd)
            unlink(temporary)
            throw error
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            let error = PlatformError.fromErrno("rename \(temporary) to \(path)")
            unlink(temporary)
            throw error
        }
        let dirFD = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dirFD >= 0 else { throw .fromErrno("open \(folder)") }
        defer { close(dirFD) }
        guard fsync(dirFD) == 0 else { throw .fromErrno("fsync \(folder)") }
    }

    /// The content of `path`, nil when it does not exist. Files above `limit` bytes are refused
    /// (a wrong path must not eat the panel's memory).
    public static func read(_ path: String, limit: Int) throws(PlatformError) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw .fromErrno("open \(path)")
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw .fromErrno("read \(path)") }
            if n == 0 { return bytes }
            bytes += chunk[0..<n]
            guard bytes.count <= limit else {
                throw .systemCall(call: "read \(path)", reason: "larger than \(limit) bytes")
            }
        }
    }

    /// The folder part of `path` ("." for a bare name).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }
}
