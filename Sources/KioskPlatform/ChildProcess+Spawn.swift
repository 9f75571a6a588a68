import CPlatform
#if canImport(Glibc)
    import Glibc
#endif

// Ownership: argv and envp are strdup'd C strings freed before returning; the spawn attributes
// and file actions are destroyed before returning.

extension ChildProcess {
    /// A pipe whose both ends close on exec; only our read end is non-blocking (O_NONBLOCK is
    /// shared by both ends' open file description only per end, and a child whose stdout were
    /// non-blocking would fail its writes with EAGAIN).
    static func makePipe() throws(PlatformError) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        guard pipe2(&fds, O_CLOEXEC) == 0 else { throw .fromErrno("pipe2") }
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        return (fds[0], fds[1])
    }

    /// posix_spawnp with stdin from /dev/null, stdout and stderr into the pipes, an empty signal
    /// mask and default dispositions (the loop blocks TERM/INT/HUP for its signalfd, and a child
    /// inheriting that mask could not be stopped), in a new process group.
    static func spawnProcess(options: Options, stdout: Int32, stderr: Int32) -> Result<
        Int32, PlatformError
    > {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes,
            Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

        let argv = options.argv.map { strdup($0) } + [nil]
        let envp = mergedEnvironment(options.environment).map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        // glibc reports a failed exec (ENOENT, EACCES) as posix_spawn's result.
        let code = posix_spawnp(&pid, options.argv[0], &actions, &attributes, argv, envp)
        guard code == 0 else {
            return .failure(
                .systemCall(call: "run \(options.argv[0])", reason: String(cString: strerror(code)))
            )
        }
        return .success(pid)
    }

    /// The parent's environment with `additions` replacing or adding entries, as `KEY=VALUE`.
    static func mergedEnvironment(_ additions: [String: String]) -> [String] {
        var result: [String] = []
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            let key = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
            if additions[key] == nil { result.append(text) }
            entry += 1
        }
        for (key, value) in additions.sorted(by: { $0.key < $1.key }) {
            result.append("\(key)=\(value)")
        }
        return result
    }
}
