import KioskCore
import Testing

@Suite("Schedule findings")
struct ScheduleFindingsTests {
    @Test("a row overruled at all its times by a later row is found, with the row that wins")
    func overruled() {
        let schedule = Schedule(rows: [
            ScheduleRow(
                from: time("19:00"), to: time("21:00"), sets: ScheduleSettings(display: .dim)),
            ScheduleRow(
                from: time("18:00"), to: time("23:00"), sets: ScheduleSettings(display: .off)),
            ScheduleRow(
                from: time("20:00"), to: time("22:00"), sets: ScheduleSettings(open: "late"))
        ])
        #expect(schedule.findings == [.overruled(row: 0, by: 1)])
    }

    @Test("a row that wins one of its fields some of the time is fine")
    func partlyEffective() {
        let schedule = Schedule(rows: [
            ScheduleRow(
                from: time("17:00"), to: time("21:00"), sets: ScheduleSettings(display: .dim)),
            ScheduleRow(
                from: time("18:00"), to: time("23:00"), sets: ScheduleSettings(display: .off)),
            ScheduleRow(
                days: [.saturday], sets: ScheduleSettings(display: .on, open: "event")),
            ScheduleRow(sets: ScheduleSettings(display: .off, open: "closed"))
        ])
        // Row 3 (every day, later) overrules rows 0 and 1 everywhere; row 2 is more specific.
        #expect(schedule.findings == [.overruled(row: 0, by: 3), .overruled(row: 1, by: 3)])
    }

    @Test("a weekday row overruled only on a dated period is still reachable on other weeks")
    func datedOverrule() {
        let schedule = Schedule(rows: [
            ScheduleRow(days: [.sunday], sets: ScheduleSettings(display: .off)),
            ScheduleRow(
                firstDate: date("2026-12-20"), lastDate: date("2027-01-06"),
                sets: ScheduleSettings(display: .on))
        ])
        #expect(schedule.findings == [])
    }

    @Test(
        "rows that never hold say why: dates off their days, outside their period, a period too short"
    )
    func neverHolds() {
        let schedule = Schedule(rows: [
            ScheduleRow(
                days: [.saturday], dates: [date("2026-12-24")], sets: ScheduleSettings(open: "a")),
            ScheduleRow(
                dates: [date("2027-01-10")], firstDate: date("2026-12-01"),
                lastDate: date("2026-12-31"), sets: ScheduleSettings(open: "b")),
            ScheduleRow(
                days: [.sunday], firstDate: date("2026-12-21"), lastDate: date("2026-12-25"),
                sets: ScheduleSettings(open: "c")),
            ScheduleRow(
                firstDate: date("2026-12-31"), lastDate: date("2026-12-01"),
                sets: ScheduleSettings(open: "d"))
        ])
        let found = schedule.findings
        #expect(found.map(\.row) == [0, 1, 2, 3])
        guard found.count == 4 else { return }
        #expect(
            found[0]
                == .neverHolds(
                    row: 0, reason: "none of its dates falls on its days (2026-12-24 is a thursday)"
                ))
        #expect(found[1] == .neverHolds(row: 1, reason: "none of its dates lies within its period"))
        #expect(
            found[2]
                == .neverHolds(
                    row: 2, reason: "its period 2026-12-21 to 2026-12-25 has none of its days"))
        #expect(
            found[3]
                == .neverHolds(
                    row: 3, reason: "its period ends (2026-12-01) before it begins (2026-12-31)"))
    }
}

@Suite("Schedule findings bounds")
struct ScheduleFindingsBoundsTests {
    @Test("a schedule at the row and date limits is judged in bounded time")
    func largestSchedule() {
        let first = date("2026-01-01")
        let rows = (0..<ConfigLimits.scheduleRows).map { index in
            ScheduleRow(
                dates: (0..<ConfigLimits.scheduleDates).map { first.adding(days: $0 * 3 + index) },
                from: TimeOfDay(minutes: index * 14), to: TimeOfDay(minutes: index * 14 + 7),
                sets: ScheduleSettings(brightness: index))
        }
        let started = ContinuousClock.now
        _ = Schedule(rows: rows).findings
        #expect(ContinuousClock.now - started < .seconds(10))
    }
}
