import Testing

@testable import KioskCore

@Suite("Transition timing curves")
struct TransitionTimingTests {
    @Test("a bézier with control points on the diagonal is linear")
    func diagonalBezierIsLinear() {
        let curve = CubicBezier(1.0 / 3, 1.0 / 3, 2.0 / 3, 2.0 / 3)
        for x in stride(from: 0.0, through: 1.0, by: 0.125) {
            #expect(PoseCheck.close(curve.value(at: x), x, 1e-12))
        }
    }

    @Test("BackFade's bézier (0.8, 0, 0, 0.2) has done 20 % of the fade at 42.5 % of the time")
    func backFadeCurveAtParameterHalf() {
        // At curve parameter t = ½: x = 3·¼·½·0.8 + ⅛ = 0.425, y = 3·½·¼·0.2 + ⅛ = 0.2.
        let curve = CubicBezier(0.8, 0, 0, 0.2)
        #expect(PoseCheck.close(curve.value(at: 0.425), 0.2, 1e-12))
        #expect(curve.value(at: 0) == 0)
        #expect(curve.value(at: 1) == 1)
        #expect(curve.value(at: 2) == 1)
        #expect(curve.value(at: -1) == 0)
    }

    @Test("a symmetric ease-in-ease-out is at one half at half time and monotonic")
    func easeInEaseOutIsSymmetric() {
        let curve = CubicBezier(0.42, 0, 0.58, 1)
        #expect(PoseCheck.close(curve.value(at: 0.5), 0.5, 1e-12))
        #expect(PoseCheck.close(curve.value(at: 0.2) + curve.value(at: 0.8), 1, 1e-12))
        var previous = 0.0
        for x in stride(from: 0.0, through: 1.0, by: 0.01) {
            let y = curve.value(at: x)
            #expect(y >= previous)
            previous = y
        }
    }

    @Test("the circle rise is solved for x, not read off the parameter")
    func circleRiseAtParameterHalf() {
        let k = TimingCurve.circleKappa
        #expect(PoseCheck.close(k, 0.39052429175126996, 1e-15))
        // At parameter ½ the curve is at x = ⅜·(κ/(π/2)) + ⅜·(1 − κ) + ⅛, y = ⅜κ + ⅜ + ⅛.
        let x = 0.375 * (k / (pi / 2)) + 0.375 * (1 - k) + 0.125
        let y = 0.375 * k + 0.375 + 0.125
        #expect(PoseCheck.close(TimingCurve.circleRise.value(at: x), y, 1e-12))
    }

    @Test("circle keyframes peak at half time and follow a sine bump within 2 %")
    func circleKeyframesFollowSine() {
        let bump = Keyframes.circle(peak: -36)
        #expect(bump.value(at: 0) == 0)
        #expect(bump.value(at: 0.5) == -36)
        #expect(bump.value(at: 1) == 0)
        for t in stride(from: 0.0, through: 1.0, by: 0.05) {
            #expect(abs(bump.value(at: t) - -36 * sine(pi * t)) < 0.02 * 36)
        }
    }

    @Test("keyframes at thirds interpolate linearly inside each segment")
    func keyframesAtThirds() {
        let k = Keyframes([0, 0, 0.5, 1])
        #expect(k.value(at: 1.0 / 3) == 0)
        #expect(PoseCheck.close(k.value(at: 0.5), 0.25))
        #expect(PoseCheck.close(k.value(at: 2.0 / 3), 0.5))
        #expect(PoseCheck.close(k.value(at: 5.0 / 6), 0.75))
        #expect(k.value(at: .nan) == 0)
    }

    @Test("progress is elapsed over duration, clamped; a zero duration is done at once")
    func progressFromElapsed() {
        let t = Transition(TransitionSpec(kind: .fade, duration: 0.5))
        #expect(t.progress(elapsed: 0.125) == 0.25)
        #expect(t.progress(elapsed: 3) == 1)
        #expect(t.progress(elapsed: -1) == 0)
        let instant = Transition(TransitionSpec(kind: .fade, duration: -2))
        #expect(instant.duration == 0)
        #expect(instant.progress(elapsed: 0) == 1)
    }
}
