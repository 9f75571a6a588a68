/// Keeps a control from flooding its broker or program while a finger drags a slider or taps
/// + quickly: a change goes out at once when the last one went out at least `interval` ago;
/// otherwise only the latest is kept and goes out when the interval is over (so the final
/// value is always sent, the ones in between may not be).
public struct ControlRateLimiter: Sendable {
    public var interval: Double
    fileprivate(set) var lastSent: Double?
    fileprivate(set) var waiting: String?

    public init(interval: Double) {
        self.interval = interval
    }

    /// A new value at `now`: returns it when it may go out now, nil when it waits.
    public mutating func offer(_ value: String, at now: Double) -> String? {
        if let lastSent, now - lastSent < interval {
            waiting = value
            return nil
        }
        lastSent = now
        waiting = nil
        return value
    }

    /// The waiting value, when its time has come.
    public mutating func due(at now: Double) -> String? {
        guard let value = waiting, let next = nextDue, now >= next else { return nil }
        waiting = nil
        lastSent = now
        return value
    }

    /// When the waiting value may go out (nil: nothing waits).
    public var nextDue: Double? {
        guard waiting != nil, let lastSent else { return nil }
        return lastSent + interval
    }
}

extension ControlRateLimiter {
    /// `value` could not go out at `now` (its program still runs): it waits another interval.
    public mutating func postpone(_ value: String, at now: Double) {
        lastSent = now
        waiting = value
    }
}
