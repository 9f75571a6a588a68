/// A wall-clock reading: a local date and the minute of that day. Schedules are a function of
/// this, never of an instant, so daylight-saving changes need no rule of their own: on the night
/// the clocks go forward 02:00–02:59 simply never occurs, on the night they go back it occurs
/// twice, and the schedule says the same both times.
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var date: CivilDate
    /// 0 ..< 1440.
    public var minuteOfDay: Int

    public init(date: CivilDate, minuteOfDay: Int) {
        precondition((0..<TimeOfDay.minutesPerDay).contains(minuteOfDay), "minute out of the day")
        self.date = date
        self.minuteOfDay = minuteOfDay
    }

    /// nil for an impossible reading (a day the calendar does not have, 24:00, 12:60).
    public init?(year: Int, month: Int, day: Int, hour: Int, minute: Int) {
        guard let date = CivilDate(year: year, month: month, day: day),
            (0..<24).contains(hour), (0..<60).contains(minute)
        else { return nil }
        self.init(date: date, minuteOfDay: hour * 60 + minute)
    }

    /// "2026-12-24 22:00" (also with a `T` between date and time, as ISO 8601 writes it).
    public init?(parsing text: String) {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "T" })
        guard parts.count == 2, let date = CivilDate(parsing: parts[0]),
            let time = TimeOfDay(parsing: parts[1]), time.minutes < TimeOfDay.minutesPerDay
        else { return nil }
        self.init(date: date, minuteOfDay: time.minutes)
    }

    /// `minutes` later (or earlier), across midnights.
    public func adding(minutes: Int) -> LocalDateTime {
        let total = minuteOfDay + minutes
        let days = total >= 0 ? total / 1440 : (total - 1439) / 1440
        return LocalDateTime(date: date.adding(days: days), minuteOfDay: total - days * 1440)
    }

    public static func < (a: LocalDateTime, b: LocalDateTime) -> Bool {
        (a.date, a.minuteOfDay) < (b.date, b.minuteOfDay)
    }

    public var description: String { "\(date) \(TimeOfDay(minutes: minuteOfDay))" }
}

/// A time of day to the minute: "08:00"; "24:00" is the end of the day (only as a row's `to`).
public struct TimeOfDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    public static let minutesPerDay = 1440
    /// 0 ... 1440.
    public let minutes: Int

    public init(minutes: Int) {
        precondition((0...TimeOfDay.minutesPerDay).contains(minutes), "time out of the day")
        self.minutes = minutes
    }

    /// "H:MM" or "HH:MM", 00:00 to 24:00; nil for anything else ("25:00", "8", "12:5").
    public init?(parsing text: some StringProtocol) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            let hour = CivilDate.digits(parts[0]), let minute = CivilDate.digits(parts[1]),
            hour < 24 && minute < 60 || hour == 24 && minute == 0
        else { return nil }
        self.init(minutes: hour * 60 + minute)
    }

    public static func < (a: TimeOfDay, b: TimeOfDay) -> Bool { a.minutes < b.minutes }

    public var description: String {
        let h = minutes / 60
        let m = minutes % 60
        return (h < 10 ? "0\(h)" : "\(h)") + ":" + (m < 10 ? "0\(m)" : "\(m)")
    }
}
