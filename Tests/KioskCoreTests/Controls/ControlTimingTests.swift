import KioskCore
import Testing

@Suite("Controls: own change shown at once, sends rate-limited")
struct ControlTimingTests {
    @Test("a pending change shows until the source answers")
    func pendingUntilAnswer() {
        var pending = PendingControlValues(holdSeconds: 5)
        pending.changed("setpoint", to: "22.0", at: 10)
        #expect(pending.text("setpoint") == "22.0")
        #expect(pending.text("other") == nil)
        #expect(pending.expire(at: 12) == false)
        #expect(pending.sourceAnswered("setpoint") == true)
        #expect(pending.text("setpoint") == nil)
        #expect(pending.sourceAnswered("setpoint") == false)
    }

    @Test("a change the source never answers goes after the hold time; a new one restarts it")
    func pendingExpires() {
        var pending = PendingControlValues(holdSeconds: 5)
        pending.changed("setpoint", to: "22.0", at: 10)
        pending.changed("setpoint", to: "22.5", at: 13)
        #expect(pending.nextExpiry == 18)
        #expect(pending.expire(at: 17.9) == false)
        #expect(pending.text("setpoint") == "22.5")
        #expect(pending.expire(at: 18) == true)
        #expect(pending.text("setpoint") == nil)
        #expect(pending.isEmpty)
        #expect(pending.nextExpiry == nil)
    }

    @Test("a drag sends its first value at once, then at most one per interval, the last always")
    func rateLimit() {
        var limiter = ControlRateLimiter(interval: 0.25)
        var sent: [String] = []
        // A finger dragging: a new value every 1/60 s for 0.5 s.
        for frame in 0...30 {
            let t = Double(frame) / 60
            if let value = limiter.offer("\(frame)", at: t) { sent.append(value) }
            if let value = limiter.due(at: t) { sent.append(value) }
        }
        #expect(sent == ["0", "15", "30"])
        #expect(limiter.nextDue == nil)
    }

    @Test("the last value of a burst waits for the interval and then goes out once")
    func trailingValue() {
        var limiter = ControlRateLimiter(interval: 0.25)
        #expect(limiter.offer("1", at: 0) == "1")
        #expect(limiter.offer("2", at: 0.1) == nil)
        #expect(limiter.offer("3", at: 0.2) == nil)
        #expect(limiter.nextDue == 0.25)
        #expect(limiter.due(at: 0.24) == nil)
        #expect(limiter.due(at: 0.25) == "3")
        #expect(limiter.due(at: 0.6) == nil)
        #expect(limiter.offer("4", at: 0.6) == "4")
    }

    @Test("a postponed value (its program still ran) waits one more interval")
    func postpone() {
        var limiter = ControlRateLimiter(interval: 0.5)
        #expect(limiter.offer("1", at: 0) == "1")
        limiter.postpone("2", at: 1)
        #expect(limiter.due(at: 1.4) == nil)
        #expect(limiter.due(at: 1.5) == "2")
    }
}
