import CPlatform
#if canImport(Glibc)
    import Glibc
#endif

// Ownership: the watcher owns one inotify descriptor, registered as a source of the loop, and its
// debounce and retry timers; `stop()` (or deinit) removes them and closes the descriptor.

/// Calls back once after a burst of changes in a few folders (inotify, debounced).
///
/// Editors rarely write a file in place: they write a new file and rename it over the old one,
/// or delete and recreate it, and tools like `git checkout` or `rsync` touch many files at once.
/// So the watch is on the folders, not the files: every create, close-after-write, move and
/// delete of a relevant name counts, and the callback runs once `debounce` seconds after the last
/// such event. A watched folder that is itself replaced or deleted is watched again at its path
/// (at once, or as soon as it exists again: missing folders are looked for every `retry` seconds).
public final class FileWatcher {
    /// The folders watched, as given.
    public let paths: [String]
    private let loop: EventLoop
    private let debounce: Double
    private let retry: Double
    private let relevant: (String) -> Bool
    private let onChange: () -> Void
    private var fd: Int32
    private var source: EventLoop.SourceID?
    private var watches: [Int32: String] = [:]
    private var debounceTimer: EventLoop.TimerID?
    private var retryTimer: EventLoop.TimerID?

    static let mask: UInt32 =
        UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM) | UInt32(IN_CREATE)
        | UInt32(IN_DELETE) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_ONLYDIR)

    /// Watches the folders in `paths`. `relevant` filters entry names (e.g. only `*.toml`;
    /// editor swap files then cause nothing); events about the folders themselves and about
    /// subfolders always count.
    public init(
        loop: EventLoop, paths: [String], debounce: Double = 0.3, retry: Double = 2,
        relevant: @escaping (String) -> Bool = { _ in true }, onChange: @escaping () -> Void
    ) throws(PlatformError) {
        precondition(debounce >= 0 && retry > 0, "debounce and retry must be positive")
        self.paths = paths
        self.loop = loop
        self.debounce = debounce
        self.retry = retry
        self.relevant = relevant
        self.onChange = onChange
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw .fromErrno("inotify_init1") }
        do {
            source = try loop.addSource(fd: fd) { [unowned self] _ in drain() }
        } catch {
            close(fd)
            throw error
        }
        _ = watchAll()
    }

    deinit { stop() }

    /// Stops watching and releases the descriptor and timers.
    public func stop() {
        guard fd >= 0 else { return }
        if let source { loop.removeSource(source) }
        if let debounceTimer { loop.cancelTimer(debounceTimer) }
        if let retryTimer { loop.cancelTimer(retryTimer) }
        source = nil
        debounceTimer = nil
        retryTimer = nil
        close(fd)
        fd = -1
    }

    /// The folders currently watched (those that exist).
    public var watchedPaths: Set<String> { Set(watches.values) }

    /// (Re-)adds a watch for every path; inotify returns the same descriptor for a folder it
    /// already watches, and a new one for a folder that replaced it. Returns true when a folder
    /// that was not watched is watched now.
    private func watchAll() -> Bool {
        var gained = false
        var missing = false
        for path in paths {
            let wd = inotify_add_watch(fd, path, Self.mask)
            if wd < 0 {
                missing = true
                watches = watches.filter { $0.value != path }
                continue
            }
            if watches[wd] != path {
                watches = watches.filter { $0.value != path }
                watches[wd] = path
                gained = true
            }
        }
        if missing && retryTimer == nil {
            retryTimer = try? loop.addTimer(after: retry, repeating: retry) { [unowned self] _ in
                if watchAll() { changed() }
            }
        } else if !missing, let timer = retryTimer {
            loop.cancelTimer(timer)
            retryTimer = nil
        }
        return gained
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 8192)
        var any = false
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            any = Self.events(in: buffer[0..<n]).contains { isRelevant($0) } || any
        }
        if any { changed() }
    }

    /// One raw event: its watch, mask and entry name (empty for the folder itself).
    struct Event: Equatable {
        var watch: Int32
        var mask: UInt32
        var name: String
    }

    /// Splits a read(2) of an inotify descriptor into events (struct inotify_event: wd, mask,
    /// cookie, len, then len bytes of NUL-padded name).
    static func events(in bytes: ArraySlice<UInt8>) -> [Event] {
        var result: [Event] = []
        let header = 16
        var offset = bytes.startIndex
        while offset + header <= bytes.endIndex {
            // inotify_event is in host byte order; the buffer has no alignment guarantee.
            func word(_ at: Int) -> UInt32 {
                bytes.withUnsafeBytes {
                    $0.loadUnaligned(
                        fromByteOffset: offset - bytes.startIndex + at, as: UInt32.self)
                }
            }
            let length = Int(word(12))
            guard offset + header + length <= bytes.endIndex else { break }
            let nameBytes = bytes[(offset + header)..<(offset + header + length)].prefix { $0 != 0 }
            result.append(
                Event(
                    watch: Int32(bitPattern: word(0)), mask: word(4),
                    name: String(decoding: nameBytes, as: UTF8.self)))
            offset += header + length
        }
        return result
    }

    private func isRelevant(_ event: Event) -> Bool {
        let selfEvents =
            UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_IGNORED)
            | UInt32(IN_Q_OVERFLOW)
        if event.mask & selfEvents != 0 { return true }
        if event.mask & UInt32(IN_ISDIR) != 0 { return true }
        return relevant(event.name)
    }

    /// (Re)starts the quiet period; the callback runs when it ends.
    private func changed() {
        if let debounceTimer { loop.cancelTimer(debounceTimer) }
        debounceTimer = try? loop.addTimer(after: debounce) { [unowned self] _ in
            debounceTimer = nil
            _ = watchAll()
            onChange()
        }
    }
}
