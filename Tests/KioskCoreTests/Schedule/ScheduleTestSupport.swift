import KioskCore

/// A manual wall clock for schedule tests: UTC minutes turned into local readings the way
/// Central European time does (UTC+1, UTC+2 from the last Sunday of March 01:00 UTC to the last
/// Sunday of October 01:00 UTC), with the calendar arithmetic under test.
struct CentralEuropeanClock {
    /// Minutes since 1970-01-01 00:00 UTC.
    var utcMinutes: Int

    init(utc: LocalDateTime) {
        utcMinutes = utc.date.dayNumber * 1440 + utc.minuteOfDay
    }

    static func lastSunday(month: Int, year: Int) -> CivilDate {
        var date = CivilDate(
            year: year, month: month, day: CivilDate.days(inMonth: month, of: year))!
        while date.weekday != .sunday { date = date.adding(days: -1) }
        return date
    }

    var offsetMinutes: Int {
        let year = CivilDate(dayNumber: utcMinutes / 1440).year
        let summerStarts = Self.lastSunday(month: 3, year: year).dayNumber * 1440 + 60
        let summerEnds = Self.lastSunday(month: 10, year: year).dayNumber * 1440 + 60
        return utcMinutes >= summerStarts && utcMinutes < summerEnds ? 120 : 60
    }

    var local: LocalDateTime {
        let minutes = utcMinutes + offsetMinutes
        return LocalDateTime(
            date: CivilDate(dayNumber: minutes / 1440), minuteOfDay: minutes % 1440)
    }

    mutating func advance(minutes: Int) { utcMinutes += minutes }

    /// Walks `minutes` real minutes one at a time from `utc`, handing each local reading and the
    /// schedule's state then to `body` (a night across a daylight-saving change).
    static func walk(
        _ schedule: Schedule, fromUTC utc: LocalDateTime, minutes: Int,
        _ body: (LocalDateTime, ScheduleState) -> Void
    ) -> LocalDateTime {
        var clock = CentralEuropeanClock(utc: utc)
        for _ in 0..<minutes {
            clock.advance(minutes: 1)
            body(clock.local, schedule.state(at: clock.local))
        }
        return clock.local
    }
}

func at(_ text: String) -> LocalDateTime {
    guard let time = LocalDateTime(parsing: text) else {
        preconditionFailure("bad test time \(text)")
    }
    return time
}

func date(_ text: String) -> CivilDate {
    guard let date = CivilDate(parsing: text) else { preconditionFailure("bad test date \(text)") }
    return date
}

func time(_ text: String) -> TimeOfDay {
    guard let time = TimeOfDay(parsing: text) else { preconditionFailure("bad test time \(text)") }
    return time
}
