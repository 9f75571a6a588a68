import Glibc
import Testing

@testable import KioskPlatform

/// These tests use real descriptors and short real delays (tens of milliseconds): the loop is
/// the piece that talks to the kernel, so a manual clock would test nothing.
@Suite("EventLoop")
struct EventLoopTests {
    private func makePipe() -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        let rc = pipe(&fds)
        precondition(rc == 0)
        for fd in fds { _ = fcntl(fd, F_SETFL, O_NONBLOCK) }
        return (fds[0], fds[1])
    }

    @Test("a readable pipe calls its source with .readable and the data is there")
    func readableSource() throws {
        let loop = try EventLoop()
        let (r, w) = makePipe()
        defer { close(r); close(w) }
        var received: [UInt8] = []
        var reported: EventLoop.Events = []
        try loop.addSource(fd: r) { events in
            reported = events
            var byte: UInt8 = 0
            while read(r, &byte, 1) == 1 { received.append(byte) }
        }
        var bytes: [UInt8] = [7, 9]
        _ = write(w, &bytes, 2)
        let dispatched = try loop.runOnce(timeout: 1)
        #expect(dispatched == 1)
        #expect(reported == .readable)
        #expect(received == [7, 9])
    }

    @Test("closing the write end reports a hangup to the reader")
    func hangup() throws {
        let loop = try EventLoop()
        let (r, w) = makePipe()
        defer { close(r) }
        var reported: EventLoop.Events = []
        try loop.addSource(fd: r) { reported = $0 }
        close(w)
        try loop.runOnce(timeout: 1)
        #expect(reported.contains(.hangup))
    }

    @Test("a source removed by an earlier callback of the same round is not called")
    func removalDuringDispatch() throws {
        let loop = try EventLoop()
        let a = makePipe()
        let b = makePipe()
        defer { close(a.read); close(a.write); close(b.read); close(b.write) }
        var calls: [String] = []
        var idA: EventLoop.SourceID?
        var idB: EventLoop.SourceID?
        idA = try loop.addSource(fd: a.read) { _ in
            calls.append("a")
            if let idB { loop.removeSource(idB) }
        }
        idB = try loop.addSource(fd: b.read) { _ in
            calls.append("b")
            if let idA { loop.removeSource(idA) }
        }
        var byte: UInt8 = 1
        _ = write(a.write, &byte, 1)
        _ = write(b.write, &byte, 1)
        let dispatched = try loop.runOnce(timeout: 1)
        #expect(dispatched == 1)
        #expect(calls.count == 1)
    }

    @Test("nothing ready and a zero timeout returns without calling anything")
    func emptyRound() throws {
        let loop = try EventLoop()
        #expect(try loop.runOnce(timeout: 0) == 0)
    }

    @Test("a one-shot timer fires once, not before its delay")
    func oneShotTimer() throws {
        let loop = try EventLoop()
        let start = MonotonicClock.now
        var firedAt: [Double] = []
        try loop.addTimer(after: 0.03) { _ in
            firedAt.append(MonotonicClock.now)
            loop.stop()
        }
        try loop.addTimer(after: 0.2) { _ in loop.stop() }  // guard against a hang
        try loop.run()
        #expect(firedAt.count == 1)
        #expect((firedAt.first ?? 0) - start >= 0.03)
        #expect(loop.timers.count == 1)  // the one-shot removed itself; the guard remains
        try loop.runOnce(timeout: 0.05)
        #expect(firedAt.count == 1)
    }

    @Test("a repeating timer fires until cancelled from its own callback")
    func repeatingTimer() throws {
        let loop = try EventLoop()
        var fired = 0
        var id: EventLoop.TimerID?
        id = try loop.addTimer(after: 0, repeating: 0.01) { _ in
            fired += 1
            if fired == 3, let id {
                loop.cancelTimer(id)
                loop.stop()
            }
        }
        try loop.addTimer(after: 1) { _ in loop.stop() }
        try loop.run()
        #expect(fired == 3)
        #expect(loop.timers.count == 1)
    }

    @Test("a before-wait hook runs once per round, before waiting")
    func beforeWaitHook() throws {
        let loop = try EventLoop()
        var rounds = 0
        let hook = loop.addBeforeWaitHook { rounds += 1 }
        try loop.runOnce(timeout: 0)
        try loop.runOnce(timeout: 0)
        loop.removeHook(hook)
        try loop.runOnce(timeout: 0)
        #expect(rounds == 2)
    }

    @Test("stop() inside a callback makes run() return")
    func stopReturnsFromRun() throws {
        let loop = try EventLoop()
        var hooks = 0
        loop.addBeforeWaitHook {
            hooks += 1
            if hooks == 3 { loop.stop() }
        }
        try loop.addTimer(after: 0, repeating: 0.001) { _ in }
        try loop.run()
        #expect(hooks == 3)
        #expect(loop.isStopped)
    }

    @Test("SIGHUP sent to this thread arrives as a .hangup callback, not as termination")
    func signalDelivery() throws {
        let loop = try EventLoop()
        var received: [ProcessSignal] = []
        try loop.onSignal(.hangup) { received.append($0) }
        pthread_kill(pthread_self(), SIGHUP)
        try loop.runOnce(timeout: 1)
        #expect(received == [.hangup])
    }

    @Test("errors read as one line naming the call")
    func errorText() {
        let error = PlatformError.fromErrno("epoll_ctl(ADD, fd 99)", EBADF)
        #expect(error.description == "epoll_ctl(ADD, fd 99) failed: Bad file descriptor")
    }

    @Test("modifying an unknown source is an error, removing it is harmless")
    func unknownSource() throws {
        let loop = try EventLoop()
        loop.removeSource(EventLoop.SourceID(raw: 42))
        #expect(throws: PlatformError.invalidRegistration("unknown source")) {
            try loop.modifySource(EventLoop.SourceID(raw: 42), events: .readable)
        }
    }

    @Test("the monotonic clock never goes backwards")
    func clock() {
        let a = MonotonicClock.now
        let b = MonotonicClock.now
        #expect(b >= a)
        #expect(a > 0)
    }
}
