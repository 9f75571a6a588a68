#if canImport(Glibc)
    import Glibc
#endif

/// Failures of the operating-system facilities under the event loop. Each message is one line a
/// technician can act on; `errno` is kept as text because the number alone helps nobody.
public enum PlatformError: Error, Equatable, CustomStringConvertible {
    /// A system call failed; `call` names it, `reason` is strerror(errno).
    case systemCall(call: String, reason: String)
    /// A source, timer or signal was registered twice or is unknown.
    case invalidRegistration(String)

    public var description: String {
        switch self {
        case .systemCall(let call, let reason): "\(call) failed: \(reason)"
        case .invalidRegistration(let what): "event loop: \(what)"
        }
    }

    /// The error for a failed call, read from `errno` right after it.
    static func fromErrno(_ call: String, _ code: Int32 = errno) -> PlatformError {
        .systemCall(call: call, reason: String(cString: strerror(code)))
    }
}
