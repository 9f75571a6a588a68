import KioskDRM
import Testing

/// `DisplayPower`: what the DRM display asks of the card when the schedule switches it off and
/// a touch wakes it, decided without /dev/dri.
@Suite("DRM display power")
struct DisplayPowerTests {
    @Test("off with a frame of ours on screen and no flip pending: the CRTC goes off")
    func offSwitchesTheCRTCOff() {
        let power = DisplayPower(wanted: false, isOn: true)
        #expect(power.nextStep(canDrive: true, shownBuffer: 1, flipPending: false) == .switchOff)
        #expect(!power.allowsFrame(shownBuffer: 1))
    }

    @Test("off before the first frame: the first frame is shown first, never the console left lit")
    func offWaitsForTheFirstFrame() {
        let power = DisplayPower(wanted: false, isOn: true)
        #expect(power.nextStep(canDrive: true, shownBuffer: nil, flipPending: false) == .none)
        #expect(power.allowsFrame(shownBuffer: nil))
    }

    @Test("a switch waits for the pending flip, the seat and a display")
    func switchWaits() {
        let off = DisplayPower(wanted: false, isOn: true)
        #expect(off.nextStep(canDrive: true, shownBuffer: 0, flipPending: true) == .none)
        #expect(off.nextStep(canDrive: false, shownBuffer: 0, flipPending: false) == .none)
        let on = DisplayPower(wanted: true, isOn: false)
        #expect(on.nextStep(canDrive: false, shownBuffer: 0, flipPending: false) == .none)
    }

    @Test("on again: the last shown buffer is lit at once, and no frame is drawn before it")
    func wakeShowsTheLastFrame() {
        let power = DisplayPower(wanted: true, isOn: false)
        #expect(
            power.nextStep(canDrive: true, shownBuffer: 1, flipPending: false)
                == .switchOn(showing: 1))
        #expect(!power.allowsFrame(shownBuffer: 1))
    }

    @Test(
        "on again with nothing of ours shown (a replug made new buffers): the next frame sets the mode"
    )
    func wakeWithoutAFrame() {
        let power = DisplayPower(wanted: true, isOn: false)
        #expect(
            power.nextStep(canDrive: true, shownBuffer: nil, flipPending: false)
                == .switchOnAtNextFrame)
    }

    @Test("as wanted: nothing to do, frames flow while on")
    func steady() {
        let on = DisplayPower()
        #expect(on.nextStep(canDrive: true, shownBuffer: 0, flipPending: false) == .none)
        #expect(on.allowsFrame(shownBuffer: 0))
        let off = DisplayPower(wanted: false, isOn: false)
        #expect(off.nextStep(canDrive: true, shownBuffer: 0, flipPending: false) == .none)
        #expect(!off.allowsFrame(shownBuffer: nil))
    }
}
