import KioskCore

/// Resolves paths written in config files (relative to the config folder) and checks images.
struct PathResolver {
    let files: any ConfigFiles

    /// Bytes of a PNG file `check` reads to verify it (larger files are refused: a 16-megapixel
    /// picture compresses far below this).
    static let maximumImageBytes = 64 << 20

    /// The absolute, normalised form of `path`; `.` and `..` segments are folded.
    func resolve(_ path: String) -> String {
        LocalPath.normalised(path.hasPrefix("/") ? path : files.root + "/" + path)
    }

    /// The absolute path of a PNG the renderer will load, or nil (reported) when it is missing,
    /// not a regular file, unreadable, not a well-formed PNG or too large to decode.
    func png(_ path: String, keyPath: String, context: FileContext) -> String? {
        let absolute = resolve(path)
        let shown = path.oneLine
        switch files.kind(of: absolute) {
        case .missing:
            context.error(keyPath, "image not found: \(shown)")
            return nil
        case .directory:
            context.error(keyPath, "image path is a folder: \(shown)")
            return nil
        case .file:
            break
        case let other:
            context.error(keyPath, "image \(other.explanation): \(shown)")
            return nil
        }
        let bytes: [UInt8]
        switch files.read(absolute, limit: Self.maximumImageBytes + 1) {
        case .success(let read): bytes = read
        case .failure(let error):
            context.error(keyPath, "image \(error.explanation): \(shown)")
            return nil
        }
        if bytes.isEmpty {
            context.error(keyPath, "image file is empty: \(shown)")
            return nil
        }
        if bytes.count > Self.maximumImageBytes {
            context.error(
                keyPath, "image file is larger than \(Self.maximumImageBytes >> 20) MiB: \(shown)")
            return nil
        }
        if let problem = PNGCheck.problem(in: bytes) {
            context.error(keyPath, "\(problem): \(shown)")
            return nil
        }
        return absolute
    }
}
