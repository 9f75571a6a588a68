import KioskCore
import Testing

@Suite("Schedule calendar")
struct CalendarTests {
    @Test("day numbers and dates round-trip across four centuries, leap days included")
    func roundTrip() {
        var previous = CivilDate(year: 1899, month: 12, day: 31)!
        for number in (previous.dayNumber + 1)...(previous.dayNumber + 146_097) {
            let date = CivilDate(dayNumber: number)
            #expect(date.dayNumber == number)
            // Consecutive numbers are consecutive days: the day after the last of a month is the 1st.
            if date.day == 1 {
                #expect(previous.day == CivilDate.days(inMonth: previous.month, of: previous.year))
            } else {
                #expect(date.day == previous.day + 1 && date.month == previous.month)
            }
            previous = date
        }
        #expect(CivilDate(year: 1970, month: 1, day: 1)!.dayNumber == 0)
        #expect(CivilDate(year: 2000, month: 3, day: 1)!.dayNumber == 11_017)
    }

    @Test("leap years: 2028 and 2000 have 29 February, 2027 and 1900 do not")
    func leapDays() {
        #expect(CivilDate(year: 2028, month: 2, day: 29) != nil)
        #expect(CivilDate(year: 2000, month: 2, day: 29) != nil)
        #expect(CivilDate(year: 2027, month: 2, day: 29) == nil)
        #expect(CivilDate(year: 1900, month: 2, day: 29) == nil)
        #expect(date("2028-02-28").adding(days: 1) == date("2028-02-29"))
        #expect(date("2027-02-28").adding(days: 1) == date("2027-03-01"))
        #expect(date("2028-02-29").weekday == .tuesday)
    }

    @Test("weekdays: 1970-01-01 a Thursday, 2026-12-24 a Thursday, 2026-03-29 a Sunday")
    func weekdays() {
        #expect(CivilDate(dayNumber: 0).weekday == .thursday)
        #expect(date("2026-12-24").weekday == .thursday)
        #expect(date("2026-03-29").weekday == .sunday)
        #expect(CivilDate(dayNumber: -1).weekday == .wednesday)
    }

    @Test("times parse from 00:00 to 24:00; 25:00, 12:60, 8 and 12:5 do not")
    func times() {
        #expect(TimeOfDay(parsing: "7:30")?.minutes == 450)
        #expect(TimeOfDay(parsing: "24:00")?.minutes == 1440)
        for bad in ["25:00", "24:01", "12:60", "8", "12:5", "-1:00", "ab:cd", "", "12:00:00"] {
            #expect(TimeOfDay(parsing: bad) == nil, "\(bad)")
        }
        #expect(at("2026-12-24 22:00").description == "2026-12-24 22:00")
        #expect(LocalDateTime(parsing: "2026-12-24T07:05") == at("2026-12-24 07:05"))
        for bad in ["2026-12-24 24:00", "2027-02-29 10:00", "2026-13-01 10:00", "2026-12-24"] {
            #expect(LocalDateTime(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test("minutes added cross midnight and month ends both ways")
    func addingMinutes() {
        #expect(at("2028-02-28 23:30").adding(minutes: 45) == at("2028-02-29 00:15"))
        #expect(at("2026-01-01 00:10").adding(minutes: -20) == at("2025-12-31 23:50"))
    }
}
