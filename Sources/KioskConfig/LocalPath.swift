import Glibc

/// Paths on the panel's own file system, worked out as text: plain libc, not Foundation's URL,
/// whose code would stay resident in `run` for the one path of its config folder.
public enum LocalPath {
    /// `path` made absolute against the working directory, `.` and `..` folded (no symbolic link
    /// is followed, as `URL.standardizedFileURL` did).
    public static func absolute(_ path: String) -> String {
        normalised(path.hasPrefix("/") ? path : currentDirectory() + "/" + path)
    }

    /// `joined` (absolute) with `.` and `..` segments folded and repeated or trailing slashes
    /// dropped, as written.
    public static func normalised(_ joined: String) -> String {
        var parts: [Substring] = []
        for part in joined.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The folder `path` is in, as written: "" for a bare name, "/" for a name in the root
    /// (trailing slashes ignored).
    public static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    /// Whether something is at `path` (links followed) and whether it is a folder.
    public static func kind(of path: String) -> (exists: Bool, isFolder: Bool) {
        var info = stat()
        guard stat(path, &info) == 0 else { return (false, false) }
        return (true, info.st_mode & S_IFMT == S_IFDIR)
    }

    /// Creates the folder `path` and any missing folders above it (`mkdir -p`). False, with errno
    /// saying why, when one cannot be made or a file is in the way.
    public static func createFolders(_ path: String) -> Bool {
        var built = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            built += "/" + part
            if mkdir(built, 0o755) == 0 { continue }
            guard errno == EEXIST else { return false }
            guard kind(of: built).isFolder else {
                errno = ENOTDIR
                return false
            }
        }
        return true
    }

    /// The working directory ("/" when it cannot be read: removed, or too deep).
    static func currentDirectory() -> String {
        guard let path = getcwd(nil, 0) else { return "/" }
        defer { free(path) }
        return String(cString: path)
    }
}
