import CPlatform
#if canImport(Glibc)
    import Glibc
#endif

// Ownership: the capture owns the read end of one pipe and its loop source; EOF or `finish`
// removes the source and closes the descriptor.

/// Reads a child's output pipe on the loop, keeping at most `limit` bytes: the first ones
/// (`.head`, for stdout: a value is at its start) or the last ones (`.tail`, for stderr: the
/// reason for a failure is at its end). Reading goes on past the limit so a chatty child never
/// blocks on a full pipe.
final class OutputCapture {
    enum Keep { case head, tail }

    private var fd: Int32
    private let limit: Int
    private let keep: Keep
    private var kept: [UInt8] = []
    /// True once more than `limit` bytes arrived.
    private(set) var truncated = false
    private var source: EventLoop.SourceID?
    private weak var loop: EventLoop?

    init(fd: Int32, limit: Int, keep: Keep) {
        self.fd = fd
        self.limit = max(0, limit)
        self.keep = keep
    }

    func register(on loop: EventLoop) throws(PlatformError) {
        self.loop = loop
        source = try loop.addSource(fd: fd) { [unowned self] _ in
            if drain() { closeDescriptor() }
        }
    }

    /// Reads what is left and closes the pipe.
    func finish() {
        guard fd >= 0 else { return }
        _ = drain()
        closeDescriptor()
    }

    /// The kept bytes.
    var bytes: [UInt8] { kept.count > limit ? Array(kept.suffix(limit)) : kept }

    private func closeDescriptor() {
        if let source { loop?.removeSource(source) }
        source = nil
        if fd >= 0 { close(fd) }
        fd = -1
    }

    /// Reads until the pipe is empty; true at end of file.
    private func drain() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n == 0 { return true }
            if n < 0 { return false }  // EAGAIN: everything read for now
            append(chunk[0..<n])
        }
    }

    func append(_ data: ArraySlice<UInt8>) {
        switch keep {
        case .head:
            let room = limit - kept.count
            if data.count > room { truncated = true }
            if room > 0 { kept += data.prefix(room) }
        case .tail:
            kept += data
            if kept.count > limit { truncated = true }
            // Trimmed in batches so a flood costs amortised O(1) per byte.
            if kept.count > 2 * limit { kept.removeFirst(kept.count - limit) }
        }
    }
}
