import Glibc
import KioskCore

/// Decoded PNG files by path, reloaded when the file's modification time or size changes, least
/// recently used dropped first once more than `capacity` images or `byteBudget` bytes are held.
/// A file that is missing, not a regular file, not a PNG or over the pixel limit gives nil (the
/// caller draws a placeholder); the failure is remembered per mtime so a broken file is not
/// decoded every frame. `keepOnly` drops images no page needs any more, so their memory goes back.
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
    /// Most bytes of decoded pixels held (one image larger than this is still held while in use).
    let byteBudget: Int
    private var entries: [String: Entry] = [:]
    private var clock = 0

    init(capacity: Int = 24, byteBudget: Int = ConfigLimits.imageCacheBytes) {
        precondition(capacity > 0, "image cache needs room for one image")
        self.capacity = capacity
        self.byteBudget = byteBudget
    }

    /// Number of paths remembered (tests).
    var count: Int { entries.count }

    /// Paths remembered (tests).
    var cachedPaths: Set<String> { Set(entries.keys) }

    /// Bytes of decoded pixels held.
    var memoryBytes: Int { entries.values.reduce(0) { $0 + ($1.image?.byteCount ?? 0) } }

    /// The image at `path`, decoded once per version of the file.
    func image(at path: String) -> ImageBuffer? {
        var info = stat()
        guard !path.isEmpty, stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            entries[path] = nil
            return nil
        }
        let stamp = Stamp(
            seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec),
            size: Int(info.st_size))
        clock += 1
        if var entry = entries[path], entry.stamp == stamp {
            entry.lastUse = clock
            entries[path] = entry
            return entry.image
        }
        entries[path] = nil  // the old version's pixels go before the new one is decoded
        let image = try? PNGDecoder.decode(path: path).get()
        entries[path] = Entry(stamp: stamp, image: image, lastUse: clock)
        evict(keeping: path)
        return image
    }

    /// Forgets every image whose path is not in `paths` (pages left, images removed from the config).
    func keepOnly(_ paths: Set<String>) {
        entries = entries.filter { paths.contains($0.key) }
    }

    /// Forgets every image.
    func removeAll() { entries.removeAll() }

    private func evict(keeping path: String) {
        while entries.count > capacity || (memoryBytes > byteBudget && entries.count > 1) {
            guard
                let oldest = entries.filter({ $0.key != path }).min(by: {
                    $0.value.lastUse < $1.value.lastUse
                })
            else { return }
            entries[oldest.key] = nil
        }
    }
}
