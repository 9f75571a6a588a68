import Glibc

/// Decoded PNG files by path, reloaded when the file's modification time or size changes, least
/// recently used dropped first. A file that is missing or not a PNG gives nil (the caller draws a
/// placeholder); the failure is remembered per mtime so a broken file is not decoded every frame.
final class ImageCache {
    private struct Stamp: Hashable {
        var seconds: Int
        var nanoseconds: Int
        var size: Int
    }

    private struct Entry {
        var stamp: Stamp
        var image: ImageBuffer?
        var lastUse: Int
    }

    let capacity: Int
    private var entries: [String: Entry] = [:]
    private var clock = 0

    init(capacity: Int = 24) {
        precondition(capacity > 0, "image cache needs room for one image")
        self.capacity = capacity
    }

    /// Number of paths remembered (tests).
    var count: Int { entries.count }

    /// Paths remembered (tests).
    var cachedPaths: Set<String> { Set(entries.keys) }

    /// The image at `path`, decoded once per version of the file.
    func image(at path: String) -> ImageBuffer? {
        var info = stat()
        guard !path.isEmpty, stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            entries[path] = nil
            return nil
        }
        let stamp = Stamp(
            seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec), size: Int(info.st_size))
        clock += 1
        if var entry = entries[path], entry.stamp == stamp {
            entry.lastUse = clock
            entries[path] = entry
            return entry.image
        }
        let image = try? ImageBuffer(pngPath: path)
        entries[path] = Entry(stamp: stamp, image: image, lastUse: clock)
        if entries.count > capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries[oldest.key] = nil
        }
        return image
    }
}
