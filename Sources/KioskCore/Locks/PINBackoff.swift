/// How long a visitor waits after wrong PINs before the next try is taken: 1 s after the first,
/// doubling with each further wrong one up to 5 minutes, so guessing a 4-digit PIN takes days
/// while a member of staff who mistyped waits a second. A right PIN starts it over. Pure:
/// the times are handed in (monotonic seconds).
public struct PINBackoff: Hashable, Sendable {
    public static let firstWait = 1.0
    public static let longestWait = 300.0

    /// Wrong PINs since the last right one.
    public private(set) var failures = 0
    /// No PIN is tried before this time.
    public private(set) var notBefore = -Double.infinity

    public init() {}

    /// The seconds still to wait at `now`; nil when a PIN may be tried.
    public func wait(at now: Double) -> Double? {
        now < notBefore ? notBefore - now : nil
    }

    /// A wrong PIN at `now`: the seconds to wait before the next.
    @discardableResult
    public mutating func failed(at now: Double) -> Double {
        failures += 1
        // 2^(failures-1), counted only as far as the cap needs (no overflow however many tries).
        var seconds = Self.firstWait
        for _ in 1..<failures where seconds < Self.longestWait { seconds *= 2 }
        seconds = min(seconds, Self.longestWait)
        notBefore = now + seconds
        return seconds
    }

    /// A right PIN: the next wrong one waits the first wait again.
    public mutating func succeeded() {
        failures = 0
        notBefore = -.infinity
    }

    /// Whole seconds as said on screen, rounded up (never "0 s" while still waiting).
    public static func said(_ seconds: Double) -> String {
        "\(min(max(Int(seconds.rounded(.up)), 1), Int(longestWait))) s"
    }
}
