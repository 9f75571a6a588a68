import Foundation

/// A fuzz input as a config folder: the bytes up to the first `\n@@ ` are `kiosk.toml`; each
/// `\n@@ PATH\n` starts another file at PATH (relative, at most 3 folders deep, `[A-Za-z0-9._-]`
/// only, no `..`). Written to a real folder so loading and drawing use the real file system.
struct ConfigFolderInput {
    static let marker: [UInt8] = Array("\n@@ ".utf8)
    static let maximumFiles = 24

    var files: [(path: String, bytes: [UInt8])] = []

    init(_ data: [UInt8]) {
        var parts: [[UInt8]] = []
        var start = 0
        var i = 0
        while i + Self.marker.count <= data.count {
            if data[i] == Self.marker[0], Array(data[i..<i + Self.marker.count]) == Self.marker {
                parts.append(Array(data[start..<i]))
                i += Self.marker.count
                start = i
            } else {
                i += 1
            }
        }
        parts.append(Array(data[start...]))
        files.append(("kiosk.toml", parts[0]))
        for part in parts.dropFirst().prefix(Self.maximumFiles) {
            let line = part.firstIndex(of: 0x0A) ?? part.count
            let path = String(decoding: part[..<line], as: UTF8.self)
            guard Self.isSafe(path) else { continue }
            files.append((path, Array(part[min(line + 1, part.count)...])))
        }
    }

    static func isSafe(_ path: String) -> Bool {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !path.isEmpty, segments.count <= 4 else { return false }
        return segments.allSatisfy { segment in
            !segment.isEmpty && segment != "." && segment != ".."
                && segment.unicodeScalars.allSatisfy {
                    $0.properties.isASCIIHexDigit || ("A"..."Z").contains($0)
                        || ("a"..."z").contains($0) || "._-".unicodeScalars.contains($0)
                }
        }
    }

    /// Empties `folder` and writes the files into it (a later file at a path a folder already
    /// took, or the reverse, is skipped).
    func write(to folder: String) {
        let manager = FileManager.default
        for name in (try? manager.contentsOfDirectory(atPath: folder)) ?? [] {
            try? manager.removeItem(atPath: folder + "/" + name)
        }
        for (path, bytes) in files {
            let full = folder + "/" + path
            let parent = (full as NSString).deletingLastPathComponent
            try? manager.createDirectory(atPath: parent, withIntermediateDirectories: true)
            _ = manager.createFile(atPath: full, contents: Data(bytes))
        }
    }
}
