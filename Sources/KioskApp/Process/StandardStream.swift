import Glibc

/// stdout and stderr, written with write(2), whole or until it fails: a closed stream loses the
/// text and stops nothing. Plain libc, not Foundation's FileHandle: every log line of `run` comes
/// through here, and the binary links no Foundation at all (its code stayed resident for a
/// handful of calls, and its initialiser ran at every start).
public enum StandardStream {
    case output, error

    public func write(_ text: String) {
        let fd = self == .output ? STDOUT_FILENO : STDERR_FILENO
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }
}
