/// Numbers written with a fixed count of decimals, for what the panel shows and sends (a control's
/// value, a chart's axis, a bench figure). Never traps: a value from a payload can be anything a
/// Double holds ("1e30"), and converting that to an integer would stop the panel.
public enum DecimalText {
    /// `value` with exactly `decimals` (0–9) digits after the point, rounded half away from zero;
    /// never "-0". Magnitudes too large for that many decimals in 63 bits are written as Swift
    /// writes a Double ("1e+30", "1000000000000000.0"); a non-finite value as "—".
    public static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "—" }
        let places = min(max(decimals, 0), 9)
        var power = 1.0
        for _ in 0..<places { power *= 10 }
        let scaled = (abs(value) * power).rounded()
        guard scaled < 9e18 else { return exponent(value) }
        let digits = String(UInt64(scaled))
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard places > 0 else { return sign + digits }
        let padded = String(repeating: "0", count: max(0, places + 1 - digits.count)) + digits
        let split = padded.index(padded.endIndex, offsetBy: -places)
        return sign + padded[..<split] + "." + padded[split...]
    }

    /// Swift's shortest form that reads back as the same Double ("1e+30", "-2.5e+21").
    private static func exponent(_ value: Double) -> String { String(value) }
}
