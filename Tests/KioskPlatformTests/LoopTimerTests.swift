import Glibc
import Testing

@testable import KioskPlatform

/// One timerfd per purpose, re-armed: arming again moves the expiry instead of adding a timer,
/// and no descriptor is opened per arm.
@Suite("LoopTimer")
struct LoopTimerTests {
    /// What `fd` is, as /proc says ("anon_inode:[timerfd]"); nil when it is not open.
    private func kind(of fd: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        let n = readlink("/proc/self/fd/\(fd)", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    @Test("re-arming 200 times opens no descriptor and fires once, at the last arming")
    func rearmingKeepsOneDescriptor() throws {
        let loop = try EventLoop()
        var fired = 0
        let timer = try LoopTimer(loop: loop) { fired += 1 }
        let fd = timer.fd
        for _ in 0..<200 { timer.arm(after: 10) }
        #expect(timer.fd == fd)
        #expect(kind(of: fd) == "anon_inode:[timerfd]")
        timer.arm(after: 0.02)
        #expect(timer.isArmed)
        let start = MonotonicClock.now
        while fired == 0 && MonotonicClock.now - start < 2 { try loop.runOnce(timeout: 0.5) }
        #expect(fired == 1)
        #expect(!timer.isArmed)
        // Nothing more is pending: a further wait dispatches nothing.
        #expect(try loop.runOnce(timeout: 0.05) == 0)
    }

    @Test("a disarmed timer does not fire, nor one invalidated and armed again")
    func disarmAndInvalidate() throws {
        let loop = try EventLoop()
        var fired = 0
        let timer = try LoopTimer(loop: loop) { fired += 1 }
        #expect(kind(of: timer.fd) == "anon_inode:[timerfd]")
        timer.arm(after: 0.01)
        timer.disarm()
        #expect(try loop.runOnce(timeout: 0.05) == 0)
        #expect(fired == 0)
        timer.invalidate()
        timer.arm(after: 0)
        #expect(try loop.runOnce(timeout: 0.02) == 0)
    }
}
