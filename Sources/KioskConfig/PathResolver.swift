/// Resolves paths written in config files (relative to the config folder) and checks images.
struct PathResolver {
    let files: any ConfigFiles

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The absolute, normalised form of `path`; `.` and `..` segments are folded.
    func resolve(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : files.root + "/" + path
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

    /// The absolute path of a PNG the renderer will load, or nil (reported) when it is missing,
    /// unreadable or not a PNG.
    func png(_ path: String, keyPath: String, context: FileContext) -> String? {
        let absolute = resolve(path)
        switch files.kind(of: absolute) {
        case .missing:
            context.error(keyPath, "image not found: \(path)")
            return nil
        case .directory:
            context.error(keyPath, "image path is a folder: \(path)")
            return nil
        case .file:
            break
        }
        guard let head = files.read(absolute, limit: 8) else {
            context.error(keyPath, "cannot read image: \(path)")
            return nil
        }
        guard head == Self.pngSignature else {
            context.error(keyPath, "not a PNG file (no PNG signature): \(path)")
            return nil
        }
        return absolute
    }
}
