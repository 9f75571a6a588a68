import KioskCore
import CPlatform
import KioskPlatform
#if canImport(Glibc)
    import Glibc
#endif

/// Feeds a `ValueStore` from its sources on the event loop: files (inotify on their folders,
/// optional polling), programs run at an interval, MQTT messages handed in by the MQTT client,
/// and a timer that marks values stale. Nothing here blocks: files are opened non-blocking and
/// read with a size cap, programs are spawned and reaped through the loop.
public final class ValueSources {
    public let store: ValueStore
    private let loop: EventLoop
    private var watchers: [FileWatcher] = []
    private var timers: [EventLoop.TimerID] = []
    private var programsRunning: Set<String> = []
    private var topicValues: [String: [String]] = [:]
    private var stopped = false

    /// Binds every definition of `store` to its source (call `start()` to begin).
    public init(loop: EventLoop, store: ValueStore) {
        self.loop = loop
        self.store = store
        for definition in store.definitions.values {
            if case .mqtt(let topic) = definition.source {
                topicValues[topic, default: []].append(definition.name)
            }
        }
    }

    deinit { stop() }

    /// The MQTT topics values listen to (subscribe to these).
    public var mqttTopics: [String] { topicValues.keys.sorted() }

    /// Reads every file once, starts the file watches, program timers and the stale check.
    public func start() throws(PlatformError) {
        var folders: [String: [String: [String]]] = [:]  // folder -> file name -> value names
        for definition in store.definitions.values.sorted(by: { $0.name < $1.name }) {
            switch definition.source {
            case .file(let path, let poll):
                let (folder, file) = Self.split(path)
                folders[folder, default: [:]][file, default: []].append(definition.name)
                readFile(path, into: definition.name)
                if let poll {
                    timers.append(
                        try loop.addTimer(after: poll, repeating: poll) { [unowned self] _ in
                            readFile(path, into: definition.name)
                        })
                }
            case .program(let argv, let interval, let timeout):
                runProgram(argv, timeout: timeout, into: definition.name)
                timers.append(
                    try loop.addTimer(after: interval, repeating: interval) { [unowned self] _ in
                        runProgram(argv, timeout: timeout, into: definition.name)
                    })
            case .mqtt, .external, .schedule:
                break
            }
        }
        for (folder, files) in folders {
            let names = Set(files.keys)
            watchers.append(
                try FileWatcher(
                    loop: loop, paths: [folder], debounce: 0.05, relevant: { names.contains($0) },
                    onChange: { [unowned self] in
                        for (file, values) in files {
                            for value in values { readFile(folder + "/" + file, into: value) }
                        }
                    }))
        }
        let staleLimits = store.definitions.values.compactMap(\.staleAfter)
        if let shortest = staleLimits.min() {
            let period = min(5, max(0.1, shortest / 4))
            timers.append(
                try loop.addTimer(after: period, repeating: period) { [unowned self] _ in
                    store.refreshStaleness(at: MonotonicClock.now)
                })
        }
    }

    /// Stops watching and polling (running programs finish on their own).
    public func stop() {
        guard !stopped else { return }
        stopped = true
        for watcher in watchers { watcher.stop() }
        watchers = []
        for timer in timers { loop.cancelTimer(timer) }
        timers = []
    }

    /// Hands an MQTT message to the values that listen to `topic` (the MQTT client calls this).
    public func deliver(topic: String, payload: [UInt8]) {
        for name in topicValues[topic] ?? [] {
            store.deliver(payload, to: name, at: MonotonicClock.now)
        }
    }

    // MARK: files

    static func split(_ path: String) -> (folder: String, file: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    private func readFile(_ path: String, into name: String) {
        switch Self.readCapped(path, limit: store.limits.payloadBytes) {
        case .success(let bytes): store.deliver(bytes, to: name, at: MonotonicClock.now)
        case .failure(let error): store.fail(name, error)
        }
    }

    /// Reads at most `limit + 1` bytes without blocking on a FIFO (O_NONBLOCK); one byte more
    /// than the limit tells an oversize file from one exactly at it.
    public static func readCapped(_ path: String, limit: Int) -> Result<[UInt8], ControlError> {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            return .failure(.source("cannot read \(path): \(String(cString: strerror(errno)))"))
        }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var filled = 0
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes {
                read(fd, $0.baseAddress.map { $0 + filled }, $0.count - filled)
            }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && errno == EAGAIN { break }
            if n < 0 {
                return .failure(.source("cannot read \(path): \(String(cString: strerror(errno)))"))
            }
            if n == 0 { break }
            filled += n
        }
        return .success(Array(bytes[0..<filled]))
    }

    // MARK: programs

    private func runProgram(_ argv: [String], timeout: Double, into name: String) {
        guard !stopped, !programsRunning.contains(name) else { return }
        let options = ChildProcess.Options(
            argv: argv, environment: ["KIOSK_VALUE": name], timeout: timeout, killGrace: 1,
            outputLimit: store.limits.payloadBytes + 1)
        do {
            try ChildProcess.spawn(loop: loop, options: options) { [weak self] termination in
                guard let self else { return }
                programsRunning.remove(name)
                if termination.succeeded {
                    store.deliver(termination.stdout, to: name, at: MonotonicClock.now)
                } else {
                    let why =
                        termination.timedOut
                        ? "timed out after \(timeout) s" : termination.status.description
                    let line =
                        PlainText.lastLine(termination.stderr, limit: 200).map { ": \($0)" } ?? ""
                    store.fail(name, .source("\(argv[0]): \(why)\(line)"))
                }
            }
            programsRunning.insert(name)
        } catch {
            store.fail(name, .source("\(argv[0]): \(ProgramRunner.reason(error))"))
        }
    }
}
