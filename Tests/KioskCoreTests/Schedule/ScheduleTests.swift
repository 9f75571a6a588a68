import KioskCore
import Testing

@Suite("Schedule")
struct ScheduleTests {
    let weekdays: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]

    @Test("without rows the panel is on at full brightness with its own pages")
    func empty() {
        let state = Schedule().state(at: at("2026-12-24 03:00"))
        #expect(state.display == .on)
        #expect(state.backlightPercent == 100)
        #expect(state.home == nil && state.open == nil && state.leadingRow == nil)
    }

    @Test("a window holds from its start up to, not including, its end")
    func window() {
        let schedule = Schedule(rows: [
            ScheduleRow(
                days: weekdays, from: time("08:00"), to: time("18:00"),
                sets: ScheduleSettings(open: "lobby"))
        ])
        // 2026-12-24 is a Thursday, 2026-12-26 a Saturday.
        #expect(schedule.state(at: at("2026-12-24 07:59")).open == nil)
        #expect(schedule.state(at: at("2026-12-24 08:00")).open == "lobby")
        #expect(schedule.state(at: at("2026-12-24 17:59")).open == "lobby")
        #expect(schedule.state(at: at("2026-12-24 18:00")).open == nil)
        #expect(schedule.state(at: at("2026-12-26 12:00")).open == nil)
    }

    @Test("an overnight row belongs to the day it starts: Friday 22:00-06:00 holds Saturday 02:00")
    func overnight() {
        let schedule = Schedule(rows: [
            ScheduleRow(
                days: [.friday], from: time("22:00"), to: time("06:00"),
                sets: ScheduleSettings(display: .off))
        ])
        #expect(schedule.state(at: at("2026-12-25 21:59")).display == .on)  // Friday
        #expect(schedule.state(at: at("2026-12-25 22:00")).display == .off)
        #expect(schedule.state(at: at("2026-12-25 23:59")).display == .off)
        #expect(schedule.state(at: at("2026-12-26 00:00")).display == .off)  // Saturday
        #expect(schedule.state(at: at("2026-12-26 05:59")).display == .off)
        #expect(schedule.state(at: at("2026-12-26 06:00")).display == .on)
        // Friday early morning: Thursday night is not in the row.
        #expect(schedule.state(at: at("2026-12-25 02:00")).display == .on)
        #expect(schedule.state(at: at("2026-12-26 22:00")).display == .on)
    }

    @Test("to = 24:00 ends at midnight; a window over midnight crosses a year's end")
    func midnight() {
        let schedule = Schedule(rows: [
            ScheduleRow(
                from: time("20:00"), to: time("24:00"), sets: ScheduleSettings(display: .dim)),
            ScheduleRow(
                dates: [date("2026-12-31")], from: time("23:00"), to: time("01:00"),
                sets: ScheduleSettings(open: "new-year"))
        ])
        #expect(schedule.state(at: at("2026-12-30 23:59")).display == .dim)
        #expect(schedule.state(at: at("2026-12-31 00:00")).display == .on)
        #expect(schedule.state(at: at("2026-12-31 22:59")).open == nil)
        #expect(schedule.state(at: at("2026-12-31 23:00")).open == "new-year")
        #expect(schedule.state(at: at("2027-01-01 00:59")).open == "new-year")
        #expect(schedule.state(at: at("2027-01-01 01:00")).open == nil)
        #expect(schedule.state(at: at("2027-12-31 23:30")).open == nil)
    }

    @Test("leap days: a one-off 29 February, a period across it, overnight into it")
    func leapDay() {
        let schedule = Schedule(rows: [
            ScheduleRow(dates: [date("2028-02-29")], sets: ScheduleSettings(open: "leap")),
            ScheduleRow(
                firstDate: date("2028-02-28"), lastDate: date("2028-03-01"),
                sets: ScheduleSettings(brightness: 40)),
            ScheduleRow(
                days: [.monday], from: time("23:00"), to: time("02:00"),
                sets: ScheduleSettings(display: .off))
        ])
        // 2028-02-28 is a Monday: its night runs into the leap day.
        let leapNight = schedule.state(at: at("2028-02-29 01:00"))
        #expect(leapNight.display == .off && leapNight.open == "leap")
        #expect(schedule.state(at: at("2028-02-29 12:00")).brightness == 40)
        #expect(schedule.state(at: at("2028-03-01 12:00")).brightness == 40)
        #expect(schedule.state(at: at("2028-03-02 12:00")).brightness == nil)
        #expect(schedule.state(at: at("2028-03-01 12:00")).open == nil)
        // 2027: Monday 2027-03-01's night runs into 2 March; 28 February 2027 is a Sunday.
        #expect(schedule.state(at: at("2027-03-01 01:00")).display == .on)
        #expect(schedule.state(at: at("2027-03-02 01:00")).display == .off)
    }

    @Test(
        "overlapping rows: one-off date over period over weekdays over every day, then file order")
    func precedence() {
        let schedule = Schedule(rows: [
            ScheduleRow(dates: [date("2026-12-24")], sets: ScheduleSettings(display: .dim)),
            ScheduleRow(
                firstDate: date("2026-12-20"), lastDate: date("2027-01-06"),
                sets: ScheduleSettings(display: .off, home: "holidays")),
            ScheduleRow(days: weekdays, sets: ScheduleSettings(display: .on, brightness: 80)),
            ScheduleRow(sets: ScheduleSettings(display: .off, brightness: 10)),
            ScheduleRow(sets: ScheduleSettings(brightness: 20))
        ])
        // The one-off date wins though it comes first; the period still decides home.
        let eve = schedule.state(at: at("2026-12-24 12:00"))
        #expect(eve.display == .dim && eve.home == "holidays" && eve.brightness == 80)
        #expect(eve.decidedBy == [.display: 0, .home: 1, .brightness: 2])
        #expect(eve.backlightPercent == 80)
        #expect(eve.holding == [0, 1, 2, 3, 4])
        // A plain weekday: weekdays over every day; among every-day rows the later brightness.
        let monday = schedule.state(at: at("2026-12-07 12:00"))
        #expect(monday.display == .on && monday.brightness == 80)
        let sunday = schedule.state(at: at("2026-12-06 12:00"))
        #expect(sunday.display == .off && sunday.brightness == 20 && sunday.backlightPercent == 0)
    }

    @Test("dim without a level dims to 30 %, never 0; a level of 0 is honoured when asked")
    func dimLevels() {
        var state = ScheduleState()
        state.display = .dim
        #expect(state.backlightPercent == Schedule.defaultDimPercent)
        state.brightness = 0
        #expect(state.backlightPercent == 0)
    }

    @Test("spring forward: a wall-clock night walked minute by minute, 02:00-02:59 never occurs")
    func springForward() {
        let schedule = Schedule(rows: [
            ScheduleRow(
                from: time("22:00"), to: time("06:00"), sets: ScheduleSettings(display: .off)),
            ScheduleRow(from: time("02:00"), to: time("03:00"), sets: ScheduleSettings(open: "odd"))
        ])
        // 2026-03-29 01:00 UTC: 02:00 CET becomes 03:00 CEST.
        var offMinutes = 0
        var seenOdd = false
        var previous = at("2026-03-28 21:00")
        let end = CentralEuropeanClock.walk(
            schedule, fromUTC: at("2026-03-28 20:00"), minutes: 12 * 60
        ) { local, state in
            if state.display == .off { offMinutes += 1 }
            if state.open != nil { seenOdd = true }
            #expect(local > previous)
            previous = local
        }
        #expect(!seenOdd)
        // 22:00 to 06:00 local on that night is 7 real hours.
        #expect(offMinutes == 7 * 60)
        #expect(end == at("2026-03-29 10:00"))
    }

    @Test("fall back: 02:00-02:59 occurs twice and the schedule says the same both times")
    func fallBack() {
        let schedule = Schedule(rows: [
            ScheduleRow(
                from: time("22:00"), to: time("06:00"), sets: ScheduleSettings(display: .off)),
            ScheduleRow(from: time("02:30"), to: time("02:45"), sets: ScheduleSettings(open: "odd"))
        ])
        // 2026-10-25 01:00 UTC: 03:00 CEST becomes 02:00 CET.
        var offMinutes = 0
        var oddMinutes = 0
        var readingsOf0230 = 0
        _ = CentralEuropeanClock.walk(
            schedule, fromUTC: at("2026-10-24 19:00"), minutes: 12 * 60
        ) { local, state in
            if local == at("2026-10-25 02:30") {
                readingsOf0230 += 1
                #expect(state.open == "odd" && state.display == .off)
            }
            if state.display == .off { offMinutes += 1 }
            if state.open != nil { oddMinutes += 1 }
        }
        #expect(readingsOf0230 == 2)
        #expect(offMinutes == 9 * 60)
        #expect(oddMinutes == 30)
    }

    @Test("an evening walked on a manual clock changes state exactly at the rows' edges")
    func evening() {
        let schedule = Schedule(rows: [
            ScheduleRow(
                from: time("18:00"), to: time("22:00"),
                sets: ScheduleSettings(display: .dim, brightness: 25)),
            ScheduleRow(
                from: time("22:00"), to: time("07:00"), sets: ScheduleSettings(display: .off))
        ])
        var changes: [String] = []
        var time = at("2026-12-24 17:00")
        var last = schedule.state(at: time)
        while time < at("2026-12-25 08:00") {
            time = time.adding(minutes: 1)
            let state = schedule.state(at: time)
            if state.backlightPercent != last.backlightPercent {
                changes.append("\(time) \(state.backlightPercent)")
            }
            last = state
        }
        #expect(changes == ["2026-12-24 18:00 25", "2026-12-24 22:00 0", "2026-12-25 07:00 100"])
    }
}
