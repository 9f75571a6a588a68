import Testing

@testable import KioskCore

/// The wait wrong PINs earn, and which locked pages stay open until the panel is idle.
@Suite("PIN backoff and page locks")
struct PINBackoffTests {
    @Test("each wrong PIN doubles the wait from 1 s up to 5 minutes; a right one starts over")
    func doubles() {
        var backoff = PINBackoff()
        #expect(backoff.wait(at: 0) == nil)
        var waits: [Double] = []
        for _ in 0..<12 { waits.append(backoff.failed(at: 100)) }
        #expect(waits == [1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300])
        #expect(backoff.wait(at: 100) == 300)
        #expect(backoff.wait(at: 399.5) == 0.5)
        #expect(backoff.wait(at: 400) == nil)
        backoff.succeeded()
        #expect(backoff.failures == 0)
        #expect(backoff.failed(at: 500) == 1)
        #expect(PINBackoff.said(0.2) == "1 s")
        #expect(PINBackoff.said(3.01) == "4 s")
    }

    @Test("a page with a lock is locked until unlocked, and again after relock; the wait stays")
    func locks() {
        let locked = PageDefinition(
            id: "settings", title: "Settings", content: .panel(Panel(widgets: [])), lock: "$y$x$y$z"
        )
        let open = PageDefinition(id: "home", title: "Home", content: .panel(Panel(widgets: [])))
        var locks = PageLocks()
        #expect(locks.isLocked(locked))
        #expect(!locks.isLocked(open))
        locks.backoff.failed(at: 0)
        locks.unlock("settings")
        #expect(!locks.isLocked(locked))
        #expect(locks.backoff.failures == 0)
        locks.backoff.failed(at: 10)
        locks.relock()
        #expect(locks.isLocked(locked))
        #expect(locks.backoff.failures == 1)
    }
}
