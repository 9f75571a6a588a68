import KioskCore
import Testing

@Suite("Schedule as a live value")
struct SchedulePayloadTests {
    let schedule = Schedule(rows: [
        ScheduleRow(
            days: [.friday, .monday], from: time("18:30"), to: time("22:00"),
            sets: ScheduleSettings(display: .dim, brightness: 30)),
        ScheduleRow(
            dates: [date("2026-12-24")], sets: ScheduleSettings(display: .on, open: "visit\"s"))
    ])

    @Test("the payload lists every row with its window, what it sets and a mark on those that hold")
    func payload() {
        // 2026-12-25 is a Friday.
        #expect(
            schedule.payload(at: at("2026-12-25 19:00"))
                == #"{"state": "dim · 30 %", "row": "Mon, Fri 18:30–22:00", "rows": [{"when": "Mon, Fri 18:30–22:00", "sets": "dim · 30 %", "now": "●"}, {"when": "2026-12-24 all day", "sets": "on · opens visit\"s", "now": ""}]}"#
        )
        #expect(
            schedule.payload(at: at("2026-12-24 12:00"))
                == #"{"state": "on · 100 %", "row": "2026-12-24 all day", "rows": [{"when": "Mon, Fri 18:30–22:00", "sets": "dim · 30 %", "now": ""}, {"when": "2026-12-24 all day", "sets": "on · opens visit\"s", "now": "●"}]}"#
        )
    }

    @Test("without rows the payload has an empty list and the default state")
    func empty() {
        #expect(
            Schedule().payload(at: at("2026-12-24 12:00"))
                == #"{"state": "on · 100 %", "row": "", "rows": []}"#)
    }
}
