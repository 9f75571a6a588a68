import KioskCore
import Glibc
import KioskPlatform
import Testing

@testable import KioskControl

/// Real programs (sh, sleep, head) spawned and reaped through a real epoll loop.
@Suite("ProgramRunner")
struct ProgramRunnerTests {
    let key = ActionKey(page: "line2", action: "restart")

    /// Runs `action` to its end and returns the report (nil if none came within `seconds`).
    func report(of action: ProgramAction, seconds: Double = 5, progressDelay: Double = 0.5) throws
        -> (ProgramReport?, Int)
    {
        let loop = try EventLoop()
        let runner = ProgramRunner(loop: loop, progressDelay: progressDelay, killGrace: 0.5)
        var report: ProgramReport?
        var progress = 0
        runner.onFinish = { report = $0 }
        runner.onProgress = { _ in progress += 1 }
        runner.run(action, for: key)
        try run(loop, for: seconds) { report != nil }
        return (report, progress)
    }

    @Test("a program that exits 0 succeeds and sees its page and action in the environment")
    func success() throws {
        let (report, progress) = try report(
            of: ProgramAction(
                argv: ["/bin/sh", "-c", "echo \"$KIOSK_PAGE $KIOSK_ACTION $EXTRA\""],
                environment: ["EXTRA": "x"]))
        #expect(report?.outcome == .succeeded)
        #expect(report?.firstOutputLine == "line2 restart x")
        #expect(report?.message == "restart: done")
        #expect(progress == 0)
    }

    @Test("arguments reach the program as they are, without a shell")
    func noShell() throws {
        let (report, _) = try report(
            of: ProgramAction(argv: ["/bin/echo", "$HOME; rm -rf /", "`id`"]))
        #expect(report?.firstOutputLine == "$HOME; rm -rf / `id`")
    }

    @Test("a failing program reports its exit status and the last line of stderr")
    func failure() throws {
        let (report, _) = try report(
            of: ProgramAction(argv: [
                "/bin/sh", "-c", "echo starting >&2; echo 'disk full' >&2; echo >&2; exit 3"
            ]))
        #expect(report?.outcome == .failed(.exited(3)))
        #expect(report?.lastErrorLine == "disk full")
        #expect(report?.message == "restart: exit status 3: disk full")
    }

    @Test("a program that hangs is stopped at its timeout, reported, and progress was shown")
    func timeout() throws {
        let start = MonotonicClock.now
        let (report, progress) = try report(
            of: ProgramAction(argv: ["/bin/sleep", "30"], timeout: 0.4), progressDelay: 0.1)
        let elapsed = MonotonicClock.now - start
        #expect(report?.outcome == .timedOut(after: 0.4))
        #expect(report?.message == "restart: timed out after 0.4 s")
        #expect(progress == 1)
        #expect(elapsed >= 0.4 && elapsed < 3)
    }

    @Test("a program that ignores SIGTERM is killed after the grace period")
    func ignoresTerm() throws {
        let (report, _) = try report(
            of: ProgramAction(
                argv: ["/bin/sh", "-c", "trap '' TERM; while :; do sleep 0.05; done"], timeout: 0.2)
        )
        #expect(report?.outcome == .timedOut(after: 0.2))
        #expect((report?.duration ?? 99) < 3)
    }

    @Test("a missing program cannot start and says why")
    func missing() throws {
        let loop = try EventLoop()
        let runner = ProgramRunner(loop: loop)
        var report: ProgramReport?
        runner.onFinish = { report = $0 }
        let result = runner.run(ProgramAction(argv: ["/nonexistent/kiosk-tool"]), for: key)
        #expect(result == .couldNotStart("No such file or directory"))
        #expect(report?.outcome == .couldNotStart("No such file or directory"))
        #expect(report?.message == "restart: could not start: No such file or directory")
        #expect(!runner.isRunning(key))
    }

    @Test("a flood of output is capped, read to the end, and the program finishes")
    func flood() throws {
        let loop = try EventLoop()
        let runner = ProgramRunner(loop: loop, outputLimit: 4096)
        var report: ProgramReport?
        runner.onFinish = { report = $0 }
        // 20 MB on stdout and 2 MB on stderr, then a last stderr line.
        runner.run(
            ProgramAction(argv: [
                "/bin/sh", "-c",
                "head -c 20000000 /dev/zero; head -c 2000000 /dev/zero | tr '\\0' x >&2; echo >&2; echo the end >&2; exit 1"
            ]), for: key)
        var ticks = 0
        try loop.addTimer(after: 0, repeating: 0.01) { _ in ticks += 1 }
        try run(loop, for: 20) { report != nil }
        #expect(report?.outcome == .failed(.exited(1)))
        #expect(report?.lastErrorLine == "the end")
        #expect(ticks > 0)  // the loop kept turning while the output poured in
    }

    @Test("a second start of a running action is refused; another action runs alongside")
    func secondStartRefused() throws {
        let loop = try EventLoop()
        let runner = ProgramRunner(loop: loop)
        var reports: [ProgramReport] = []
        runner.onFinish = { reports.append($0) }
        let slow = ProgramAction(argv: ["/bin/sleep", "0.3"])
        #expect(runner.run(slow, for: key) == .started)
        #expect(runner.run(slow, for: key) == .alreadyRunning)
        let other = ActionKey(page: "line2", action: "stop")
        #expect(runner.run(slow, for: other) == .started)
        #expect(runner.running == [key, other])
        try run(loop, for: 5) { reports.count == 2 }
        #expect(reports.count == 2)
        #expect(runner.running.isEmpty)
        #expect(runner.run(slow, for: key) == .started)  // free again once it ended
        try run(loop, for: 5) { reports.count == 3 }
    }
}
