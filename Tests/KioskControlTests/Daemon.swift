import Glibc
import KioskPlatform

/// A real daemon (mosquitto, dbus-daemon) started by a test and stopped by it: readiness is
/// waited for with a deadline, never a fixed sleep.
final class Daemon {
    let argv: [String]
    private(set) var pid: pid_t = 0
    /// Where its stdout went (dbus-daemon prints its address there).
    let outputPath: String

    init(argv: [String], outputPath: String) {
        self.argv = argv
        self.outputPath = outputPath
    }

    deinit { stop() }

    func start() throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(
            &actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(
            &actions, 2, outputPath + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // The test runner blocks TERM, INT, HUP and USR1/2; a daemon inheriting that mask could
        // not be stopped.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let cArgs = argv.map { strdup($0) } + [nil]
        defer { for pointer in cArgs { free(pointer) } }
        let code = posix_spawnp(&pid, argv[0], &actions, &attributes, cArgs, environ)
        guard code == 0 else {
            throw DaemonError.cannotStart("\(argv[0]): \(String(cString: strerror(code)))")
        }
    }

    /// True once the process has ended (it is reaped then, and `stop` does nothing).
    var hasExited: Bool {
        guard pid > 0 else { return true }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return false }
        pid = 0
        return true
    }

    /// SIGTERM (or `signal`) and wait for it to end; SIGKILL if it has not within 5 s.
    func stop(signal: Int32 = SIGTERM) {
        guard pid > 0 else { return }
        kill(pid, signal)
        var status: Int32 = 0
        let end = MonotonicClock.now + 5
        while waitpid(pid, &status, WNOHANG) == 0 {
            if MonotonicClock.now > end {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                break
            }
            usleep(5_000)
        }
        pid = 0
    }

    /// Waits until `condition` holds, stepping `loop` when given.
    static func wait(for seconds: Double, loop: EventLoop? = nil, _ condition: () -> Bool) throws
        -> Bool
    {
        let end = MonotonicClock.now + seconds
        while !condition() {
            if MonotonicClock.now > end { return false }
            if let loop { try loop.runOnce(timeout: 0.02) } else { usleep(10_000) }
        }
        return true
    }
}

enum DaemonError: Error {
    case cannotStart(String)
    case notReady(String)
}

/// A TCP port on 127.0.0.1 that nothing is bound to now, chosen below the kernel's ephemeral
/// range (32768 and up by default): a port from that range can be taken, between this check and
/// the daemon's bind, by any outgoing connection of a test running in parallel (CI saw mosquitto
/// fail to start that way).
func freePort() -> Int32 {
    for _ in 0..<200 {
        let port = Int32.random(in: 20_000..<32_000)
        if canBind(port) { return port }
    }
    return Int32.random(in: 20_000..<32_000)
}

private func canBind(_ port: Int32) -> Bool {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    return withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
        }
    }
}

/// True when something accepts TCP connections on 127.0.0.1:`port`.
func isListening(_ port: Int32) -> Bool {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    return withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
        }
    }
}

/// mosquitto on 127.0.0.1 at a free port, from a generated config (not the system service).
final class MosquittoBroker {
    let folder: String
    let port: Int32
    private let daemon: Daemon

    init(folder: String, port: Int32 = freePort()) {
        self.folder = folder
        self.port = port
        let config = folder + "/mosquitto.conf"
        writeFile(
            config,
            """
            listener \(port) 127.0.0.1
            allow_anonymous true
            persistence false
            log_dest stderr

            """)
        daemon = Daemon(argv: ["mosquitto", "-c", config], outputPath: folder + "/mosquitto.log")
    }

    /// Starts mosquitto and waits until it listens; one that exits first (its port was taken a
    /// moment before its bind) is started again, up to three times, on the same port because a
    /// client may already be configured with it.
    func start() throws {
        for _ in 0..<3 {
            try daemon.start()
            let ready = try Daemon.wait(for: 20) { isListening(port) || daemon.hasExited }
            if ready && !daemon.hasExited { return }
            daemon.stop()
            usleep(200_000)
        }
        let log =
            (try? String(contentsOfFile: folder + "/mosquitto.log.err", encoding: .utf8)) ?? ""
        throw DaemonError.notReady("mosquitto on \(port): \(log.suffix(300))")
    }

    func stop() { daemon.stop() }

    var url: String { "mqtt://127.0.0.1:\(port)" }
}
