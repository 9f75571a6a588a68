import Glibc
import KioskPlatform

/// Steps `loop` until `condition` holds or `seconds` pass (a deadline, never a fixed sleep).
/// Returns whether the condition held.
@discardableResult
func run(_ loop: EventLoop, for seconds: Double, until condition: () -> Bool) throws -> Bool {
    let end = MonotonicClock.now + seconds
    while !condition() {
        let left = end - MonotonicClock.now
        if left <= 0 { return false }
        try loop.runOnce(timeout: min(left, 0.05))
    }
    return true
}

/// A fresh folder under /tmp, removed by `removeTree`.
func makeTemporaryFolder() -> String {
    var template = Array("/tmp/kiosk-control-XXXXXX".utf8CString)
    let path = template.withUnsafeMutableBufferPointer { buffer in
        buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
    }
    guard let path else { preconditionFailure("mkdtemp failed") }
    return path
}

func removeTree(_ path: String) {
    _ = system("rm -rf '\(path)'")
}

/// Writes `text` to `path` through a temporary file and a rename (as editors and tools do).
func writeFile(_ path: String, _ text: String) {
    let temporary = path + ".tmp"
    guard let file = fopen(temporary, "w") else { preconditionFailure("cannot write \(temporary)") }
    fputs(text, file)
    fclose(file)
    rename(temporary, path)
}

/// Runs `argv` to its end on `loop` (so a service on the same loop answers while it waits).
func runToEnd(_ argv: [String], loop: EventLoop, timeout: Double = 10) throws -> ChildProcess
    .Termination?
{
    var result: ChildProcess.Termination?
    try ChildProcess.spawn(loop: loop, options: .init(argv: argv, timeout: timeout)) { result = $0 }
    try run(loop, for: timeout + 5) { result != nil }
    return result
}
