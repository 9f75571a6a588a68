import Foundation

/// Read access to a config folder. The loader only talks to this, so tests (and fuzzing) can
/// feed it files from memory.
protocol ConfigFiles {
    /// Absolute, standardised path of the folder; relative paths in the files resolve against it.
    var root: String { get }
    /// What is at `path` (relative to the root).
    func kind(of path: String) -> ConfigFileKind
    /// Names (not paths) of the entries in the folder at `path`, sorted.
    func list(_ path: String) -> [String]?
    /// The bytes of the file at `path`, or nil when it cannot be read. `limit` caps how many.
    func read(_ path: String, limit: Int?) -> [UInt8]?
}

enum ConfigFileKind: Equatable {
    case missing, file, directory
}

/// The real file system.
struct DirectoryFiles: ConfigFiles {
    let root: String

    init(directory: String) {
        let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        root = URL(fileURLWithPath: directory, isDirectory: true, relativeTo: base)
            .standardizedFileURL.path
    }

    func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : (root.hasSuffix("/") ? root + path : root + "/" + path)
    }

    func kind(of path: String) -> ConfigFileKind {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: absolute(path), isDirectory: &isDirectory) else {
            return .missing
        }
        return isDirectory.boolValue ? .directory : .file
    }

    func list(_ path: String) -> [String]? {
        (try? FileManager.default.contentsOfDirectory(atPath: absolute(path)))?.sorted()
    }

    func read(_ path: String, limit: Int?) -> [UInt8]? {
        guard kind(of: path) == .file, let handle = FileHandle(forReadingAtPath: absolute(path)) else {
            return nil
        }
        defer { try? handle.close() }
        // A config file is small; refusing huge ones keeps a wrong path (a disk image, /dev/zero)
        // from eating the memory of a running kiosk.
        let cap = limit ?? ConfigLoader.maximumFileSize + 1
        guard let data = try? handle.read(upToCount: cap) else { return nil }
        return [UInt8](data)
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

    func read(_ path: String, limit: Int?) -> [UInt8]? {
        guard let bytes = files[relative(path)] else { return nil }
        return limit.map { Array(bytes.prefix($0)) } ?? bytes
    }
}
