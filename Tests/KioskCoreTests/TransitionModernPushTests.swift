import Testing

@testable import KioskCore

/// ModernPush, the seed's 17th transition, on the 1920×1080 container of `TransitionValueTests`.
@Suite("ModernPush")
struct TransitionModernPushTests {
    let values = TransitionValueTests()

    @Test(
        "ModernPush: the incoming page slides in easing out, the outgoing one stays behind, dimming to half"
    )
    func modernPush() {
        for p in [0.25, 0.5, 0.75] {
            let f = values.frame(.modernPush, p)
            let eased = TimingCurve.easeOut.value(at: p)
            #expect(eased > p)
            let inX = 960 + (1920 * (1 - eased) - 960) / TransitionValueTests.nudge
            let y = 540 - 540 / TransitionValueTests.nudge
            #expect(PoseCheck.close(PoseCheck.at(f.incoming, 0, 0), inX, y, 1e-6))
            #expect(abs(f.outgoing.opacity - (1 - 0.5 * p)) < 1e-12)
            #expect(f.incoming.opacity == 1)
            #expect(f.drawOrder.last == TransitionDraw(role: .incoming))
        }
        #expect(TransitionKind(rawValue: "modernpush") == .modernPush)
    }
}
