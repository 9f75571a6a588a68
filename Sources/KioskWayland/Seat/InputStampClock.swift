/// Turns the compositor's millisecond event stamps into `MonotonicClock` seconds, so a touch
/// carries the time it happened, not the time the kiosk got round to reading it.
///
/// Why: when the loop stalls (a slow frame on a loaded board), a whole swipe waits in the socket;
/// stamped with the read time its moves would all look simultaneous and late, and a swipe read
/// more than the long-press delay after its touch-down would count as a long press.
///
/// The protocol leaves the stamps' base undefined (weston, wlroots and mutter all use
/// CLOCK_MONOTONIC in ms, but nothing promises it), so the base is learned: an event cannot have
/// happened after it was read, hence `read − stamp` bounds the offset from above, and the
/// smallest bound seen (the event read with the least delay) is the best estimate. The 32-bit
/// stamp wraps every 49.7 days: a panel running for months sees it, so stamps are unwrapped to
/// 64 bits. A compositor whose stamps do not advance with time (a constant, or running
/// backwards) is detected and its stamps are ignored from then on: read time is the fallback.
public struct InputStampClock: Sendable {
    /// How far behind its read time an event may be dated: a longer delay means the learned base
    /// is stale (the compositor restarted its clock), so it is learned again.
    public static let maximumDelay = 2.0
    /// Stamps that fail to advance this many times in a row mark the compositor as unreliable.
    static let strikesAllowed = 3

    private var offset: Double?
    private var lastStamp: UInt32?
    private var wraps: UInt64 = 0
    private var lastRead: Double?
    private var strikes = 0
    /// False once the compositor's stamps proved useless: every event gets its read time.
    public private(set) var trustsStamps = true

    public init() {}

    /// The time, in `MonotonicClock` seconds, of an event stamped `stamp` (ms) and read at `read`.
    /// Never later than `read`, never earlier than `read − maximumDelay`.
    public mutating func time(ofStamp stamp: UInt32, readAt read: Double) -> Double {
        guard trustsStamps else { return read }
        defer { lastRead = read }
        if let last = lastStamp {
            // A step back of more than half the range is the 32-bit counter wrapping.
            if stamp < last, last - stamp > UInt32.max / 2 { wraps += 1 }
            let advanced = stamp != last
            let readAdvanced = (lastRead.map { read - $0 } ?? 0) > 0.05
            if stamp < last && last - stamp <= UInt32.max / 2 || (!advanced && readAdvanced) {
                strikes += 1
                if strikes >= Self.strikesAllowed {
                    trustsStamps = false
                    return read
                }
            } else if advanced {
                strikes = 0
            }
        }
        lastStamp = stamp
        let seconds = Double(wraps << 32 + UInt64(stamp)) / 1000
        let bound = read - seconds
        if let known = offset, bound >= known, bound - known <= Self.maximumDelay {
            return min(read, seconds + known)
        }
        // Less delay than ever seen (a better estimate), or a base gone stale: learn it here.
        offset = bound
        return read
    }
}
