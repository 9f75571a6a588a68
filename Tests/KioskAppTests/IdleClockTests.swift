import KioskCore
import Testing

@testable import KioskApp

/// `#expect` cannot call a mutating method; these take the value inout.
func due(_ clock: inout IdleClock, _ time: Double) -> [IdleClock.Step] { clock.due(at: time) }
func pass(_ gate: inout TouchGate, _ event: TouchEvent) -> Bool { gate.passes(event) }
func pass(_ gate: inout TouchGate, _ event: KeyEvent) -> Bool { gate.passes(event) }

@Suite("IdleClock")
struct IdleClockTests {
    @Test("home at home_after, blank at blank_after, each once per idle period")
    func steps() {
        var clock = IdleClock(settings: IdleSettings(homeAfter: 30, blankAfter: 120), now: 100)
        #expect(clock.nextDeadline == 130)
        #expect(due(&clock, 129.9) == [])
        #expect(due(&clock, 130) == [.home])
        #expect(clock.nextDeadline == 220)
        #expect(due(&clock, 150) == [])
        #expect(due(&clock, 220) == [.blank])
        #expect(clock.isBlanked)
        #expect(clock.nextDeadline == nil)
        #expect(due(&clock, 1000) == [])
    }

    @Test("input starts a new period: both deadlines move")
    func activity() {
        var clock = IdleClock(settings: IdleSettings(homeAfter: 30, blankAfter: 120), now: 0)
        clock.activity(at: 25)
        #expect(due(&clock, 30) == [])
        #expect(clock.nextDeadline == 55)
        #expect(due(&clock, 55) == [.home])
        clock.activity(at: 60)
        #expect(!clock.wentHome)
        #expect(clock.nextDeadline == 90)
    }

    @Test("a late check returns home and blank together, home first")
    func both() {
        var clock = IdleClock(settings: IdleSettings(homeAfter: 30, blankAfter: 20), now: 0)
        #expect(clock.nextDeadline == 20)
        #expect(due(&clock, 40) == [.home, .blank])
    }

    @Test("wake lights the screen and restarts the period; activity alone does not unblank")
    func wake() {
        var clock = IdleClock(settings: IdleSettings(blankAfter: 10), now: 0)
        #expect(due(&clock, 10) == [.blank])
        clock.activity(at: 11)
        #expect(clock.isBlanked)
        clock.wake(at: 12)
        #expect(!clock.isBlanked)
        #expect(clock.nextDeadline == 22)
    }

    @Test("the screensaver comes once per idle period at screensaver_after, between home and blank")
    func screensaver() {
        var clock = IdleClock(
            settings: IdleSettings(
                homeAfter: 30, blankAfter: 600, screensaver: "attract", screensaverAfter: 60),
            now: 0)
        #expect(due(&clock, 30) == [.home])
        #expect(clock.nextDeadline == 60)
        #expect(due(&clock, 59.9) == [])
        #expect(due(&clock, 60) == [.screensaver])
        #expect(due(&clock, 100) == [])
        #expect(clock.nextDeadline == 600)
        clock.activity(at: 100)
        #expect(clock.nextDeadline == 130)
        #expect(due(&clock, 200) == [.home, .screensaver])
        #expect(due(&clock, 700) == [.blank])
    }

    @Test(
        "a wake window closes wake_for after the last input, once; each input moves its end; closing it early cancels it"
    )
    func wakeWindow() {
        var clock = IdleClock(settings: IdleSettings(), now: 0)
        clock.wakeFor = 120
        #expect(clock.nextDeadline == nil)
        clock.openWakeWindow(at: 10)
        #expect(clock.isWoken)
        #expect(clock.nextDeadline == 130)
        clock.activity(at: 100)
        #expect(due(&clock, 130) == [])
        #expect(clock.nextDeadline == 220)
        #expect(due(&clock, 220) == [.wakeEnds])
        #expect(!clock.isWoken)
        #expect(due(&clock, 1000) == [])
        clock.openWakeWindow(at: 1000)
        clock.closeWakeWindow()
        #expect(clock.nextDeadline == nil)
        #expect(due(&clock, 2000) == [])
    }

    @Test("screensaver_after alone, without a screensaver page, never comes due")
    func screensaverNeedsAPage() {
        var clock = IdleClock(settings: IdleSettings(screensaverAfter: 10), now: 0)
        #expect(clock.nextDeadline == nil)
        #expect(due(&clock, 1e9) == [])
    }

    @Test("without [idle] settings nothing is ever due")
    func disabled() {
        var clock = IdleClock(settings: IdleSettings(), now: 0)
        #expect(clock.nextDeadline == nil)
        #expect(due(&clock, 1e9) == [])
    }

    @Test("an input time earlier than the last one does not move the period back")
    func monotonic() {
        var clock = IdleClock(settings: IdleSettings(homeAfter: 5), now: 100)
        clock.activity(at: 50)
        #expect(clock.nextDeadline == 105)
    }
}

@Suite("TouchGate")
struct TouchGateTests {
    let p = Point(x: 10, y: 10)

    @Test("a swallowed contact is swallowed down to its up, with the frames that only carry it")
    func swallowsSequence() {
        var gate = TouchGate()
        gate.swallowSequence(of: 3)
        #expect(!pass(&gate, .down(id: 3, position: p, time: 1)))
        #expect(!pass(&gate, .frame(time: 1)))
        #expect(!pass(&gate, .motion(id: 3, position: p, time: 2)))
        #expect(!pass(&gate, .frame(time: 2)))
        #expect(gate.isSwallowing)
        #expect(!pass(&gate, .up(id: 3, time: 3)))
        #expect(!pass(&gate, .frame(time: 3)))
        #expect(!gate.isSwallowing)
        #expect(pass(&gate, .down(id: 3, position: p, time: 4)))
        #expect(pass(&gate, .frame(time: 4)))
    }

    @Test("a second finger during the swallowed one passes, and so does the frame it is in")
    func secondFinger() {
        var gate = TouchGate()
        gate.swallowSequence(of: 1)
        #expect(!pass(&gate, .down(id: 1, position: p, time: 1)))
        #expect(!pass(&gate, .frame(time: 1)))
        #expect(pass(&gate, .down(id: 2, position: p, time: 2)))
        #expect(!pass(&gate, .motion(id: 1, position: p, time: 2)))
        #expect(pass(&gate, .frame(time: 2)))
        #expect(pass(&gate, .up(id: 2, time: 3)))
    }

    @Test("cancel ends the swallowing and is delivered")
    func cancel() {
        var gate = TouchGate()
        gate.swallowSequence(of: 1)
        #expect(!pass(&gate, .down(id: 1, position: p, time: 1)))
        #expect(pass(&gate, .cancel(time: 2)))
        #expect(!gate.isSwallowing)
        #expect(pass(&gate, .motion(id: 1, position: p, time: 3)))
    }

    @Test("a swallowed key press swallows its release; other keys pass")
    func keys() {
        var gate = TouchGate()
        gate.swallowKey(.enter)
        #expect(!pass(&gate, KeyEvent(key: .enter, isPressed: true, time: 1)))
        #expect(pass(&gate, KeyEvent(key: .left, isPressed: true, time: 1)))
        #expect(!pass(&gate, KeyEvent(key: .enter, isPressed: false, time: 2)))
        #expect(pass(&gate, KeyEvent(key: .enter, isPressed: false, time: 3)))
        #expect(pass(&gate, KeyEvent(key: .enter, isPressed: true, time: 4)))
    }
}
