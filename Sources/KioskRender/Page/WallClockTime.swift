import Glibc
import KioskCore

/// An instant and the time zone clocks show it in. Injectable so tests draw a fixed time.
public struct WallClockTime: Hashable, Sendable {
    /// Seconds since 1970-01-01T00:00:00Z.
    public var secondsSinceEpoch: Double
    /// nil = the process's zone (the TZ variable, else /etc/localtime); "UTC" (or "GMT",
    /// "Etc/UTC"); or a POSIX TZ with a fixed offset and no daylight-saving rule ("CET-1",
    /// "<+0530>-5:30"). Any other zone reads as the process's zone: converting in a named zone
    /// would mean changing TZ, and setenv while another thread reads the environment is a data
    /// race in glibc (the app only ever uses nil and "UTC").
    public var timeZone: String?

    public init(secondsSinceEpoch: Double, timeZone: String? = nil) {
        self.secondsSinceEpoch = secondsSinceEpoch
        self.timeZone = timeZone
    }

    /// The current time from CLOCK_REALTIME.
    public static func now(timeZone: String? = nil) -> WallClockTime {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return WallClockTime(
            secondsSinceEpoch: Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9, timeZone: timeZone)
    }

    /// Formats the time with strftime(3) codes; an empty or overlong result gives "".
    public func formatted(_ format: String) -> String {
        guard !format.isEmpty else { return "" }
        var t = brokenDown()
        var capacity = 128
        while capacity <= 8192 {
            var buffer = [CChar](repeating: 0, count: capacity)
            let n = strftime(&buffer, capacity, format, &t)
            // strftime returns 0 both for "too small" and for an empty result; a format that only
            // grows with the buffer is the first, so retry a few times larger.
            if n > 0 {
                return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            capacity *= 4
        }
        return ""
    }

    /// The wall-clock reading in the zone (what a schedule is evaluated at). A leap second's
    /// 23:59:60 reads as 23:59.
    public var localDateTime: LocalDateTime {
        let t = brokenDown()
        let date =
            CivilDate(year: Int(t.tm_year) + 1900, month: Int(t.tm_mon) + 1, day: Int(t.tm_mday))
            ?? CivilDate(dayNumber: 0)
        return LocalDateTime(
            date: date, minuteOfDay: min(Int(t.tm_hour), 23) * 60 + min(Int(t.tm_min), 59))
    }

    private func brokenDown() -> tm {
        let seconds = secondsSinceEpoch.isFinite ? secondsSinceEpoch.rounded(.down) : 0
        var clamped = time_t(min(max(seconds, -1e15), 1e15))
        var t = tm()
        switch timeZone {
        case "UTC", "UTC0", "GMT", "Etc/UTC", ":UTC":
            gmtime_r(&clamped, &t)
        case let zone? where Self.fixedOffset(zone) != nil:
            let east = Self.fixedOffset(zone) ?? 0
            var shifted = clamped + time_t(east)
            gmtime_r(&shifted, &t)
            t.tm_gmtoff = east
        default:
            localtime_r(&clamped, &t)
        }
        return t
    }

    /// Seconds east of UTC for a POSIX TZ of a name and a fixed offset ("CET-1" is UTC+1: POSIX
    /// counts west), nil for anything else (a daylight-saving part, a tz database name).
    static func fixedOffset(_ zone: String) -> Int? {
        var rest = Substring(zone)
        if rest.first == "<" {
            guard let close = rest.firstIndex(of: ">") else { return nil }
            rest = rest[rest.index(after: close)...]
        } else {
            let name = rest.prefix { $0.isLetter }
            guard name.count >= 3 else { return nil }
            rest = rest.dropFirst(name.count)
        }
        var west = 1
        if rest.first == "+" || rest.first == "-" {
            west = rest.first == "-" ? -1 : 1
            rest = rest.dropFirst()
        }
        let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
        let numbers = parts.compactMap {
            $0.count <= 2 && $0.allSatisfy({ $0.isASCII && $0.isNumber }) ? Int($0) : nil
        }
        guard (1...3).contains(parts.count), numbers.count == parts.count, numbers[0] <= 24,
            numbers.dropFirst().allSatisfy({ $0 < 60 })
        else { return nil }
        let seconds =
            numbers[0] * 3600 + (numbers.count > 1 ? numbers[1] * 60 : 0)
            + (numbers.count > 2 ? numbers[2] : 0)
        return -west * seconds
    }
}
