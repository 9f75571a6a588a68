import KioskCore
import Testing

@Suite("Decimal text")
struct DecimalTextTests {
    @Test("fixed decimals round half away from zero, pad, and never write -0")
    func fixed() {
        #expect(DecimalText.fixed(21.45, decimals: 1) == "21.5")
        #expect(DecimalText.fixed(-0.004, decimals: 2) == "0.00")
        #expect(DecimalText.fixed(0.05, decimals: 2) == "0.05")
        #expect(DecimalText.fixed(-3, decimals: 0) == "-3")
        #expect(DecimalText.fixed(2.5, decimals: 0) == "3")
    }

    @Test("any Double a payload can hold is written without trapping")
    func hugeAndOdd() {
        #expect(DecimalText.fixed(1e30, decimals: 0) == "1e+30")
        #expect(DecimalText.fixed(-9.3e18, decimals: 0) == "-9.3e+18")
        #expect(Double(DecimalText.fixed(1e15, decimals: 6)) == 1e15)
        #expect(DecimalText.fixed(.infinity, decimals: 1) == "—")
        #expect(DecimalText.fixed(.nan, decimals: 1) == "—")
        #expect(DecimalText.fixed(Double.greatestFiniteMagnitude, decimals: 9).hasPrefix("1.79"))
    }

    @Test("a control, a threshold and a history read the same number from a value's text")
    func oneReading() {
        for text in ["1e3", " 21.5 °C", "\t-3", "+4", "1-2", "on", ""] {
            #expect(ControlValueMath.number(text) == Thresholds.leadingNumber(text))
        }
        #expect(ControlValueMath.number("1e3") == 1000)
    }
}
