// KioskCore uses only the standard library, which has no sin/cos. These are accurate to about
// 1e-15 over any argument after range reduction: enough for pixel geometry and exact-value tests.

/// π to double precision.
public let pi = 3.141592653589793

/// Reduces an angle to [-π, π].
@inlinable
func reduceAngle(_ x: Double) -> Double {
    let twoPi = 2 * pi
    var r = x.truncatingRemainder(dividingBy: twoPi)
    if r > pi { r -= twoPi }
    if r < -pi { r += twoPi }
    return r
}

/// Sine of `x` radians.
public func sine(_ x: Double) -> Double {
    // The series below stops when a term no longer changes the sum, which never happens for NaN.
    guard x.isFinite else { return .nan }
    var r = reduceAngle(x)
    // sin(π - r) = sin(r): fold into [-π/2, π/2] where the series converges fastest.
    if r > pi / 2 { r = pi - r } else if r < -pi / 2 { r = -pi - r }
    let r2 = r * r
    var term = r
    var sum = r
    var n = 1.0
    while true {
        term *= -r2 / ((n + 1) * (n + 2))
        n += 2
        let next = sum + term
        if next == sum { break }
        sum = next
    }
    return sum
}

/// Cosine of `x` radians.
public func cosine(_ x: Double) -> Double { sine(x + pi / 2) }

/// Tangent of `x` radians.
public func tangent(_ x: Double) -> Double { sine(x) / cosine(x) }

/// Arc tangent of y/x in (-π, π].
public func arcTangent2(_ y: Double, _ x: Double) -> Double {
    if x == 0 && y == 0 { return 0 }
    // NaN would never end the series; infinities are unfolded by hand (C's atan2 does the same).
    if x.isNaN || y.isNaN { return .nan }
    if x.isInfinite || y.isInfinite {
        let a: Double
        if x.isInfinite && y.isInfinite {
            a = x > 0 ? pi / 4 : 3 * pi / 4
        } else if x.isInfinite {
            a = x > 0 ? 0 : pi
        } else {
            a = pi / 2
        }
        return y < 0 || (y == 0 && y.sign == .minus) ? -a : a
    }
    // atan on [0, 1] via argument halving and a series; then unfold by octant.
    let ax = abs(x)
    let ay = abs(y)
    let swap = ay > ax
    let t = swap ? ax / ay : ay / ax
    var a = arcTangentUnit(t)
    if swap { a = pi / 2 - a }
    if x < 0 { a = pi - a }
    return y < 0 ? -a : a
}

/// atan(t) for t in [0, 1].
func arcTangentUnit(_ t: Double) -> Double {
    // Two halvings: atan(t) = 2 atan(t / (1 + sqrt(1 + t²))) bring t below ~0.2.
    var u = t
    var factor = 1.0
    for _ in 0..<3 {
        u = u / (1 + (1 + u * u).squareRoot())
        factor *= 2
    }
    let u2 = u * u
    var term = u
    var sum = u
    var k = 1.0
    while true {
        term *= -u2
        k += 2
        let next = sum + term / k
        if next == sum { break }
        sum = next
    }
    return sum * factor
}
