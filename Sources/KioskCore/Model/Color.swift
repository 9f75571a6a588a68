/// A straight (not premultiplied) colour with components in 0...1.
public struct RGBA: Hashable, Sendable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses `#rgb`, `#rrggbb` or `#rrggbbaa`; nil for anything else.
    public init?(hex: String) {
        guard hex.first == "#" else { return nil }
        var digits = Array(hex.dropFirst())
        if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
        guard digits.count == 6 || digits.count == 8 else { return nil }
        var values: [Double] = []
        var i = 0
        while i < digits.count {
            guard let v = UInt8(String(digits[i...i + 1]), radix: 16) else { return nil }
            values.append(Double(v) / 255)
            i += 2
        }
        self.init(
            red: values[0], green: values[1], blue: values[2],
            alpha: values.count == 4 ? values[3] : 1)
    }

    public static let black = RGBA(red: 0, green: 0, blue: 0)
    public static let white = RGBA(red: 1, green: 1, blue: 1)

    public func withAlpha(_ a: Double) -> RGBA {
        RGBA(red: red, green: green, blue: blue, alpha: a)
    }

    public var description: String {
        func byte(_ v: Double) -> String {
            let b = Int((min(max(v, 0), 1) * 255).rounded())
            let s = String(b, radix: 16)
            return b < 16 ? "0" + s : s
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
    }
}
