/// Contrast as WCAG 2 defines it, for choosing a readable text colour on a page background an
/// author picked (a light page under the dark theme's light text).
extension RGBA {
    /// Relative luminance 0 (black) … 1 (white) of the sRGB colour, alpha ignored.
    public var relativeLuminance: Double {
        func linear(_ c: Double) -> Double {
            let v = c.isFinite ? min(max(c, 0), 1) : 0
            return v <= 0.04045 ? v / 12.92 : Self.power((v + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The contrast ratio between two colours, 1 (none) … 21 (black on white).
    public func contrastRatio(with other: RGBA) -> Double {
        let a = relativeLuminance
        let b = other.relativeLuminance
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// The colour `fraction` (0…1) of the way from this one to `other`.
    public func mixed(with other: RGBA, _ fraction: Double) -> RGBA {
        let t = fraction.isFinite ? min(max(fraction, 0), 1) : 0
        return RGBA(
            red: red + (other.red - red) * t, green: green + (other.green - green) * t,
            blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
    }

    /// x^y for x in 0…1 and y > 0, as exp(y · ln x) by series: KioskCore imports no math library
    /// (as Trigonometry.swift).
    static func power(_ x: Double, _ y: Double) -> Double {
        guard x > 0 else { return 0 }
        return exponential(y * logarithm(x))
    }

    private static func logarithm(_ x: Double) -> Double {
        // ln x = 2 artanh((x - 1) / (x + 1)); converges for every x > 0, fast near 1.
        var m = x
        var shift = 0.0
        while m < 0.5 {
            m *= 2
            shift -= 1
        }
        let z = (m - 1) / (m + 1)
        var term = z
        var sum = 0.0
        var n = 1.0
        while n < 60 {
            sum += term / n
            term *= z * z
            n += 2
        }
        return 2 * sum + shift * 0.693_147_180_559_945_3
    }

    private static func exponential(_ x: Double) -> Double {
        // x is in -∞…0 here (a power of a number ≤ 1): halve until small, square back.
        guard x.isFinite, x > -700 else { return 0 }
        var v = x
        var halvings = 0
        while abs(v) > 0.5 {
            v /= 2
            halvings += 1
        }
        var term = 1.0
        var sum = 1.0
        for n in 1..<20 {
            term *= v / Double(n)
            sum += term
        }
        for _ in 0..<halvings { sum *= sum }
        return sum
    }
}
