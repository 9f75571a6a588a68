import Glibc
import KioskPlatform

/// stdout and stderr, written with write(2), whole or until it fails: a closed stream loses the
/// text and stops nothing. Plain libc, not Foundation's FileHandle: every log line of `run` comes
/// through here, and the binary links no Foundation at all (its code stayed resident for a
/// handful of calls, and its initialiser ran at every start).
public enum StandardStream {
    case output, error

    public func write(_ text: String) {
        var text = text
        _ = text.withUTF8 {
            Descriptor.writeAll(
                self == .output ? STDOUT_FILENO : STDERR_FILENO, UnsafeRawBufferPointer($0))
        }
    }
}
