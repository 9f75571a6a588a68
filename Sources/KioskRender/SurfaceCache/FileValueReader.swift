import Glibc

/// Reads the files file-value widgets show, cheaply: a `stat` each time, a read only when the
/// file's identity, size or times changed since the last read.
///
/// Two cases defeat a stamp, so those files are read every time (they are at most 4 KiB):
/// - sysfs and procfs files (a sensor's `temp`) keep their size and mtime while the value
///   changes;
/// - a file rewritten within one timestamp tick at the same size ("racy", as git calls it) keeps
///   its stamp. A file whose mtime is less than `racyWindow` seconds older than our last read of
///   it is therefore read again; once it has been quiet that long, `stat` alone suffices.
final class FileValueReader {
    private struct Stamp: Hashable {
        var device: UInt
        var inode: UInt
        var size: Int
        var modified: Double
        var changed: Double
    }

    private struct Entry {
        var stamp: Stamp?
        var contents: String?
        var readAt: Double
        var isPseudoFile: Bool
    }

    /// Seconds after a read during which an unchanged stamp is not trusted (covers 1 s and 2 s
    /// timestamp granularity of ext3 and FAT as well as the kernel's coarse clock).
    static let racyWindow = 2.5

    private let read: (String) -> String?
    private var entries: [String: Entry] = [:]
    /// Told once when a file's contents become binary (not text), with the path; again only
    /// after the file held text or went away in between.
    var onBinary: ((String) -> Void)?
    /// Reads performed (tests check that unchanged files are not read).
    private(set) var readCount = 0

    init(read: @escaping (String) -> String?) { self.read = read }

    /// The raw contents of `path`, or nil when it is missing or unreadable.
    func contents(at path: String) -> String? {
        var info = stat()
        guard !path.isEmpty, stat(path, &info) == 0 else {
            entries[path] = nil
            return nil
        }
        let stamp = Stamp(
            device: UInt(info.st_dev), inode: UInt(info.st_ino), size: Int(info.st_size),
            modified: FileValueReader.seconds(info.st_mtim),
            changed: FileValueReader.seconds(info.st_ctim))
        if let entry = entries[path], !entry.isPseudoFile, entry.stamp == stamp,
            stamp.modified < entry.readAt - FileValueReader.racyWindow
        {
            return entry.contents
        }
        let pseudo = FileValueReader.isPseudoFile(path, info)
        let readAt = FileValueReader.realtime()
        readCount += 1
        let contents = read(path)
        let wasBinary = entries[path]?.contents.map(FileValueText.isBinary) ?? false
        if let contents, !wasBinary, FileValueText.isBinary(contents) { onBinary?(path) }
        entries[path] = Entry(
            stamp: stamp, contents: contents, readAt: readAt, isPseudoFile: pseudo)
        return contents
    }

    /// Forgets every remembered file (all are read again).
    func removeAll() { entries.removeAll() }

    /// Forgets files not in `paths` (keeps the table as small as what is on screen).
    func keepOnly(_ paths: Set<String>) {
        entries = entries.filter { paths.contains($0.key) }
    }

    /// Kernel-made files: under /proc or /sys, or shaped like them — procfs reports size 0, sysfs
    /// a page (4096) with no blocks. (statfs(2) is not reachable from Swift's Glibc module.)
    private static func isPseudoFile(_ path: String, _ info: stat) -> Bool {
        path.hasPrefix("/proc/") || path.hasPrefix("/sys/") || info.st_size == 0
            || (info.st_size == 4096 && info.st_blocks == 0)
    }

    private static func seconds(_ t: timespec) -> Double {
        Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    private static func realtime() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return seconds(ts)
    }
}
