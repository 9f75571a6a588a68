import Glibc
import KioskCore
import Synchronization

/// An instant and the time zone clocks show it in. Injectable so tests draw a fixed time.
public struct WallClockTime: Hashable, Sendable {
    /// Seconds since 1970-01-01T00:00:00Z.
    public var secondsSinceEpoch: Double
    /// A TZ value ("UTC", "Europe/Berlin", "CET-1CEST,M3.5.0,M10.5.0/3"); nil = the process's
    /// zone (the TZ variable, else /etc/localtime).
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
        case nil:
            localtime_r(&clamped, &t)
        case "UTC", "UTC0", "GMT", "Etc/UTC", ":UTC":
            gmtime_r(&clamped, &t)
        case let zone?:
            // glibc converts only in the process's zone, so switch TZ briefly. The lock keeps two
            // renderers from interleaving; the app itself is single-threaded.
            WallClockTime.zoneLock.withLock { _ in
                let saved = getenv("TZ").map { String(cString: $0) }
                setenv("TZ", zone, 1)
                tzset()
                localtime_r(&clamped, &t)
                if let saved { setenv("TZ", saved, 1) } else { unsetenv("TZ") }
                tzset()
            }
        }
        return t
    }

    private static let zoneLock = Mutex(())
}
