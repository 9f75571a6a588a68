import Testing

@testable import KioskCore

@Suite("Tween and timing curves")
struct AnimationTests {
    @Test("linear tween is at the time fraction and exactly at its end value when done")
    func linear() {
        let tween = Tween(from: 10, to: 20, start: 1, duration: 2)
        #expect(tween.value(at: 0) == 10)
        #expect(tween.value(at: 1.5) == 12.5)
        #expect(tween.value(at: 3) == 20)
        #expect(tween.value(at: 99) == 20)
        #expect(tween.isFinished(at: 3))
        #expect(!tween.isFinished(at: 2.999))
        #expect(tween.end == 3)
    }

    @Test("ease-in-out is symmetric, slow at the ends and exactly 0 and 1 at the ends")
    func easeInOut() {
        let curve = TimingCurve.easeInOut
        #expect(curve.apply(0) == 0)
        #expect(curve.apply(1) == 1)
        #expect(abs(curve.apply(0.5) - 0.5) < 1e-9)
        #expect(abs(curve.apply(0.25) + curve.apply(0.75) - 1) < 1e-9)
        #expect(curve.apply(0.1) < 0.1)
        #expect(curve.apply(0.9) > 0.9)
        // Core Animation's ease-in-ease-out at a quarter of the time.
        #expect(abs(curve.apply(0.25) - 0.1291) < 1e-3)
    }

    @Test("a zero-length tween is already at its end; out-of-range fractions clamp")
    func degenerate() {
        #expect(Tween(from: 0, to: 5, start: 3, duration: 0).value(at: 0) == 5)
        #expect(TimingCurve.linear.apply(-1) == 0)
        #expect(TimingCurve.easeOut.apply(2) == 1)
        #expect(TimingCurve.linear.apply(.nan) == 0)
    }
}
