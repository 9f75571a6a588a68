import Glibc
import KioskPlatform
import Testing

/// The platform piece under ProgramRunner, on its own: capture limits and status decoding.
@Suite("ChildProcess")
struct ChildProcessTests {
    @Test("stdout keeps its first bytes up to the limit and says it was cut")
    func stdoutHead() throws {
        let loop = try EventLoop()
        var result: ChildProcess.Termination?
        try ChildProcess.spawn(
            loop: loop, options: .init(argv: ["/bin/sh", "-c", "seq 1 100000"], outputLimit: 10)
        ) { result = $0 }
        try run(loop, for: 5) { result != nil }
        #expect(String(decoding: result?.stdout ?? [], as: UTF8.self) == "1\n2\n3\n4\n5\n")
        #expect(result?.outputTruncated == true)
        #expect(result?.status == .exited(0))
    }

    @Test("a child killed by a signal from outside reports the signal")
    func signaled() throws {
        let loop = try EventLoop()
        var result: ChildProcess.Termination?
        let child = try ChildProcess.spawn(loop: loop, options: .init(argv: ["/bin/sleep", "10"])) {
            result = $0
        }
        kill(child.pid, SIGKILL)
        try run(loop, for: 5) { result != nil }
        #expect(result?.status == .signaled(SIGKILL))
        #expect(result?.timedOut == false)
        #expect(!child.isRunning)
    }
}
