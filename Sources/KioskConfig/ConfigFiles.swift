import Glibc

/// Read access to a config folder. The loader only talks to this, so tests (and fuzzing) can
/// feed it files from memory.
protocol ConfigFiles {
    /// Absolute, standardised path of the folder; relative paths in the files resolve against it.
    var root: String { get }
    /// What is at `path` (relative to the root).
    func kind(of path: String) -> ConfigFileKind
    /// Names (not paths) of the entries in the folder at `path`, sorted.
    func list(_ path: String) -> [String]?
    /// The bytes of the regular file at `path`, or why they cannot be read. `limit` caps how many.
    func read(_ path: String, limit: Int?) -> Result<[UInt8], ConfigFileError>
}

enum ConfigFileKind: Equatable {
    case missing, file, directory
    /// A symbolic link whose target does not exist.
    case danglingLink
    /// A symbolic link that leads back to itself (ELOOP).
    case linkLoop
    /// A FIFO, socket or device: opening or reading it may block forever or never end.
    case special(String)
    /// Exists but cannot be examined (permissions on a folder above it).
    case inaccessible

    /// Words for a message: "is a FIFO", "is a symbolic link to nothing".
    var explanation: String {
        switch self {
        case .missing: "not found"
        case .file: "is a file"
        case .directory: "is a folder"
        case .danglingLink: "is a symbolic link whose target does not exist"
        case .linkLoop: "is a symbolic link loop"
        case .special(let what): "is a \(what), not a regular file"
        case .inaccessible: "cannot be examined (permission denied)"
        }
    }
}

/// Why a file's bytes could not be read.
enum ConfigFileError: Error, Equatable {
    case notRegular(ConfigFileKind)
    case unreadable(String)

    var explanation: String {
        switch self {
        case .notRegular(let kind): kind.explanation
        case .unreadable(let reason): "cannot be read (\(reason))"
        }
    }
}

/// The real file system. Nothing here blocks: files are opened with O_NONBLOCK and refused
/// unless they are regular files, so a FIFO named like a page cannot hang `check` or `run`.
struct DirectoryFiles: ConfigFiles {
    let root: String

    // Plain libc here, not Foundation's URL and FileManager: `run` reads its config through this,
    // and touching them kept about 1 MB of Foundation's code resident for the life of a panel.
    init(directory: String) {
        root = LocalPath.absolute(directory)
    }

    func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : (root.hasSuffix("/") ? root + path : root + "/" + path)
    }

    func kind(of path: String) -> ConfigFileKind {
        let full = absolute(path)
        var info = stat()
        if stat(full, &info) == 0 { return Self.kind(info.st_mode) }
        let error = errno
        if error == ELOOP { return .linkLoop }
        if error == EACCES { return .inaccessible }
        var link = stat()
        if lstat(full, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK { return .danglingLink }
        return .missing
    }

    static func kind(_ mode: mode_t) -> ConfigFileKind {
        switch mode & S_IFMT {
        case S_IFREG: .file
        case S_IFDIR: .directory
        case S_IFIFO: .special("FIFO (named pipe)")
        case S_IFSOCK: .special("socket")
        case S_IFCHR: .special("character device")
        case S_IFBLK: .special("block device")
        default: .special("special file")
        }
    }

    func list(_ path: String) -> [String]? {
        guard let directory = opendir(absolute(path)) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    func read(_ path: String, limit: Int?) -> Result<[UInt8], ConfigFileError> {
        // A config file is small; refusing huge ones keeps a wrong path (a disk image, /dev/zero)
        // from eating the memory of a running kiosk.
        let cap = limit ?? ConfigLoader.maximumFileSize + 1
        return Self.readRegular(absolute(path), limit: cap)
    }

    /// Up to `limit` bytes of the regular file at `path`, opened without blocking.
    static func readRegular(_ path: String, limit: Int) -> Result<[UInt8], ConfigFileError> {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else {
            let error = errno
            switch error {
            case ENXIO: return .failure(.notRegular(.special("socket or FIFO")))
            case ELOOP: return .failure(.notRegular(.linkLoop))
            case ENOENT: return .failure(.notRegular(.missing))
            default: return .failure(.unreadable(String(cString: strerror(error))))
            }
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            return .failure(.unreadable(String(cString: strerror(errno))))
        }
        let kind = kind(info.st_mode)
        guard kind == .file else { return .failure(.notRegular(kind)) }
        var bytes = [UInt8](repeating: 0, count: max(0, min(limit, Int(info.st_size) + 1)))
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes {
                Glibc.read(fd, $0.baseAddress! + count, $0.count - count)
            }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return .failure(.unreadable(String(cString: strerror(errno)))) }
            if n == 0 { break }
            count += n
        }
        return .success(Array(bytes.prefix(count)))
    }
}

/// Files held in memory, keyed by relative path; folders are implied by the paths.
struct MemoryFiles: ConfigFiles {
    let root: String
    var files: [String: [UInt8]]

    init(root: String = "/config", files: [String: [UInt8]]) {
        self.root = root
        self.files = files
    }

    /// Absolute paths under the root work too, as the loader resolves image paths to absolute.
    func relative(_ path: String) -> String {
        if path == root { return "" }
        return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }

    func kind(of path: String) -> ConfigFileKind {
        let path = relative(path)
        if path.isEmpty { return .directory }  // the root always exists, even when empty
        if files[path] != nil { return .file }
        let prefix = path.hasSuffix("/") ? path : path + "/"
        return files.keys.contains { $0.hasPrefix(prefix) } ? .directory : .missing
    }

    func list(_ path: String) -> [String]? {
        let path = relative(path)
        guard kind(of: path) == .directory else { return nil }
        let prefix = path.hasSuffix("/") ? path : path + "/"
        var names: Set<String> = []
        for key in files.keys where key.hasPrefix(prefix) {
            if let first = key.dropFirst(prefix.count).split(separator: "/").first {
                names.insert(String(first))
            }
        }
        return names.sorted()
    }

    func read(_ path: String, limit: Int?) -> Result<[UInt8], ConfigFileError> {
        guard let bytes = files[relative(path)] else {
            return .failure(.notRegular(kind(of: path)))
        }
        return .success(limit.map { Array(bytes.prefix($0)) } ?? bytes)
    }
}
