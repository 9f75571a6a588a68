/// How much of a value's past a history keeps: a time window (`history = "10m"`) or a number
/// of samples (`history = 300`).
public enum HistoryLength: Hashable, Sendable {
    case duration(seconds: Double)
    case samples(Int)

    /// Slots a time window keeps: samples closer together than window/slots replace each other,
    /// so a window's memory does not depend on how fast its value arrives.
    public static let durationSlots = 600
    /// The most slots a sample count may ask for (memory: 16 bytes a slot).
    public static let maximumSamples = 10_000

    /// The ring's fixed size.
    public var capacity: Int {
        switch self {
        case .duration: Self.durationSlots
        case .samples(let count): max(2, min(count, Self.maximumSamples))
        }
    }

    /// The shortest time between two kept samples (0: keep every sample).
    public var slotSeconds: Double {
        switch self {
        case .duration(let seconds): seconds / Double(Self.durationSlots)
        case .samples: 0
        }
    }
}

/// A value's recent numeric samples with their times, in a fixed-size ring allocated once when
/// the value store is made: a day of samples costs no allocation and no growth. A sample that
/// is not a number is kept as a gap (NaN), so a chart breaks its line there.
///
/// A reference type so the renderer reads the store's ring without copying it each frame;
/// it is written and read only on the loop thread (the runner's one thread), hence the
/// unchecked Sendable.
public final class ValueHistory: @unchecked Sendable {
    public let length: HistoryLength
    private var times: [Double]
    private var samples: [Double]
    /// Where the next sample goes.
    private var head = 0
    public private(set) var count = 0
    /// Counts every recorded sample, so a drawing knows when it is out of date.
    public private(set) var version = 0

    public init(length: HistoryLength) {
        self.length = length
        times = [Double](repeating: 0, count: length.capacity)
        samples = [Double](repeating: .nan, count: length.capacity)
    }

    public var capacity: Int { times.count }

    /// Records `value` (nil or NaN: a gap) at `time`. Within one slot of a time window the
    /// latest sample replaces the one before, except that a gap never hides a number nor a
    /// number a gap (both must show).
    public func record(_ value: Double?, at time: Double) {
        let sample = value.flatMap { $0.isFinite ? $0 : nil } ?? .nan
        version &+= 1
        if count > 0, length.slotSeconds > 0 {
            let last = (head - 1 + capacity) % capacity
            // A hair under the slot, so sums of rounded intervals (ten 0.01 s steps) still
            // start the next slot on time.
            let slot = length.slotSeconds * 0.999
            if time - times[last] < slot, samples[last].isNaN == sample.isNaN {
                samples[last] = sample
                return
            }
        }
        times[head] = time
        samples[head] = sample
        head = (head + 1) % capacity
        count = min(count + 1, capacity)
    }

    /// The i-th kept sample, oldest first (0 ..< count): its time and value (NaN for a gap).
    public subscript(index: Int) -> (time: Double, value: Double) {
        let slot = (head - count + index + capacity) % capacity
        return (times[slot], samples[slot])
    }

    /// The newest sample, nil when none was recorded.
    public var latest: (time: Double, value: Double)? { count > 0 ? self[count - 1] : nil }

    /// The time span a chart shows ending at `end`: the window for a duration, the kept
    /// samples' span for a count.
    public func window(endingAt end: Double) -> ClosedRange<Double> {
        switch length {
        case .duration(let seconds): return (end - seconds)...end
        case .samples:
            guard count > 1 else { return (end - 1)...end }
            return self[0].time...max(end, self[0].time + 1e-9)
        }
    }

    /// The smallest and largest number kept (nil when there is none).
    public var range: ClosedRange<Double>? {
        var low = Double.infinity
        var high = -Double.infinity
        for index in 0..<count {
            let value = self[index].value
            guard !value.isNaN else { continue }
            low = min(low, value)
            high = max(high, value)
        }
        return low <= high ? low...high : nil
    }

    /// Leading number of a value's text (`"21.5 °C"` is 21.5), the number a history keeps.
    public static func number(in text: String) -> Double? { Thresholds.leadingNumber(text) }
}
