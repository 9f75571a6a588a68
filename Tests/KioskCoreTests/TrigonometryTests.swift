import Testing

@testable import KioskCore

@Suite("Trigonometry on non-finite input")
struct TrigonometryTests {
    @Test("sine, cosine and tangent of NaN and the infinities return NaN instead of looping")
    func sineNonFinite() {
        for x in [Double.nan, .infinity, -.infinity] {
            #expect(sine(x).isNaN)
            #expect(cosine(x).isNaN)
            #expect(tangent(x).isNaN)
        }
        #expect(abs(sine(1e300)) <= 1)
    }

    @Test("arcTangent2 follows C's atan2 on infinities and returns NaN for NaN")
    func arcTangentNonFinite() {
        #expect(arcTangent2(.nan, 1).isNaN)
        #expect(arcTangent2(1, .nan).isNaN)
        #expect(arcTangent2(1, .infinity) == 0)
        #expect(arcTangent2(1, -.infinity) == pi)
        #expect(arcTangent2(.infinity, 5) == pi / 2)
        #expect(arcTangent2(-.infinity, 5) == -pi / 2)
        #expect(arcTangent2(.infinity, .infinity) == pi / 4)
        #expect(arcTangent2(-.infinity, -.infinity) == -3 * pi / 4)
    }
}
