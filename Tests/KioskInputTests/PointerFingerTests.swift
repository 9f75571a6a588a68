import KioskCore
import Testing

import KioskInput

@Suite("PointerFinger")
struct PointerFingerTests {
    @Test("left press, drag, release become touch 0 down, motion, up, each with a frame")
    func pressDragRelease() {
        var finger = PointerFinger()
        #expect(finger.enter(at: Point(x: 10, y: 20)) == [])
        #expect(finger.motion(to: Point(x: 30, y: 40), time: 1) == [])
        #expect(
            finger.button(PointerFinger.leftButton, pressed: true, time: 2) == [
                .down(id: 0, position: Point(x: 30, y: 40), time: 2), .frame(time: 2)
            ])
        #expect(
            finger.motion(to: Point(x: 35, y: 45), time: 3) == [
                .motion(id: 0, position: Point(x: 35, y: 45), time: 3), .frame(time: 3)
            ])
        #expect(
            finger.button(PointerFinger.leftButton, pressed: false, time: 4) == [
                .up(id: 0, time: 4), .frame(time: 4)
            ])
        #expect(finger.motion(to: Point(x: 50, y: 50), time: 5) == [])
    }

    @Test("right and middle buttons produce nothing")
    func otherButtons() {
        var finger = PointerFinger()
        #expect(finger.button(0x111, pressed: true, time: 1) == [])
        #expect(finger.button(0x112, pressed: true, time: 1) == [])
        #expect(finger.isPressed == false)
    }

    @Test("a repeated press or a release without a press produces nothing")
    func unbalancedButtons() {
        var finger = PointerFinger()
        #expect(finger.button(PointerFinger.leftButton, pressed: false, time: 1) == [])
        _ = finger.button(PointerFinger.leftButton, pressed: true, time: 2)
        #expect(finger.button(PointerFinger.leftButton, pressed: true, time: 3) == [])
    }

    @Test("leaving the surface while pressed cancels; leaving unpressed does nothing")
    func leaveCancels() {
        var finger = PointerFinger()
        #expect(finger.leave(time: 1) == [])
        _ = finger.button(PointerFinger.leftButton, pressed: true, time: 2)
        #expect(finger.leave(time: 3) == [.cancel(time: 3)])
        #expect(finger.isPressed == false)
        #expect(finger.button(PointerFinger.leftButton, pressed: false, time: 4) == [])
    }
}
