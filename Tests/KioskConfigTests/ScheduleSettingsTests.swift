import Foundation
import KioskConfig
import KioskCore
import Testing

/// A config folder with `kiosk` as kiosk.toml and panel pages "home" and "closed".
private func loadSchedule(_ kiosk: String) throws -> ConfigLoadResult {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
        "schedule-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
        at: dir.appendingPathComponent("pages"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    try ("home = \"home\"\n" + kiosk).write(
        to: dir.appendingPathComponent("kiosk.toml"), atomically: true, encoding: .utf8)
    for page in ["home", "closed"] {
        try "type = \"panel\"\ntitle = \"\(page)\"\n".write(
            to: dir.appendingPathComponent("pages/\(page).toml"), atomically: true,
            encoding: .utf8)
    }
    return ConfigLoader.load(directory: dir.path)
}

@Suite("[[schedule]] settings")
struct ScheduleSettingsTests {
    @Test("rows are read with their days, dates, period, window and what they set")
    func reads() throws {
        let result = try loadSchedule(
            """
            [[schedule]]
            days = ["mon", "Friday"]
            from = "18:00"
            to = "7:30"
            display = "dim"
            brightness = 25

            [[schedule]]
            dates = ["2026-12-24", "2028-02-29"]
            date_from = "2026-12-01"
            date_to = "2028-12-31"
            open = "closed"
            home = "closed"
            """)
        #expect(result.diagnostics.map(\.description) == [])
        let rows = try #require(result.configuration?.settings.schedule.rows)
        #expect(rows.count == 2)
        #expect(rows[0].days == [.monday, .friday])
        #expect(rows[0].from?.minutes == 18 * 60 && rows[0].to?.minutes == 7 * 60 + 30)
        #expect(rows[0].sets == ScheduleSettings(display: .dim, brightness: 25))
        #expect(rows[1].dates.map(\.description) == ["2026-12-24", "2028-02-29"])
        #expect(rows[1].firstDate?.description == "2026-12-01")
        #expect(rows[1].sets.open == "closed" && rows[1].sets.home == "closed")
    }

    @Test("a page only the schedule opens is reachable (no warning)")
    func scheduleReaches() throws {
        let result = try loadSchedule("[[schedule]]\nfrom = \"18:00\"\nopen = \"closed\"\n")
        #expect(result.diagnostics.map(\.description) == [])
    }

    @Test("bad times, weekdays, dates and pages are one line each at file:line, nothing loads")
    func badInput() throws {
        let result = try loadSchedule(
            """
            [[schedule]]
            from = "25:00"
            display = "off"

            [[schedule]]
            days = ["mon", "thurs"]
            display = "dim"

            [[schedule]]
            dates = ["2027-02-29"]
            open = "closd"

            [[schedule]]
            from = "08:00"
            to = "08:00"
            display = "on"

            [[schedule]]
            days = ["sat"]

            [[schedule]]
            display = "bright"
            """)
        #expect(result.configuration == nil)
        let lines = result.diagnostics.map(\.description)
        #expect(
            lines == [
                "kiosk.toml:3:1: error: schedule[1].from: expected a time of day from 00:00 to 23:59 such as \"18:30\"; found \"25:00\"",
                "kiosk.toml:7:1: error: schedule[2].days[2]: unknown weekday \"thurs\"; expected mon, tue, wed, thu, fri, sat or sun; did you mean 'thu'?",
                "kiosk.toml:11:1: error: schedule[3].dates[1]: expected a date such as \"2026-12-24\" (year-month-day, a day the calendar has); found \"2027-02-29\"",
                "kiosk.toml:16:1: error: schedule[4].to: from and to are both 08:00: the row would hold for no time; leave both out for the whole day",
                "kiosk.toml:19:1: error: schedule[5]: this schedule row sets nothing; give it display, brightness, home, open or screensaver",
                "kiosk.toml:23:1: error: schedule[6].display: unknown display state \"bright\"; expected one of dim, off, on",
                // Nothing opens "closed" while the schedule is unusable.
                "pages/closed.toml: warning: page \"closed\" cannot be reached from home \"home\" (no container shows it and nothing opens it)"
            ], "\(lines)")
    }

    @Test("a schedule naming a missing page says which, with the nearest id")
    func missingPage() throws {
        let result = try loadSchedule("[[schedule]]\ndays = [\"sat\"]\nopen = \"closd\"\n")
        #expect(result.configuration == nil)
        #expect(
            result.diagnostics.map(\.description) == [
                "kiosk.toml:4:1: error: schedule[1].open: unknown page \"closd\" (no page file has this id); did you mean 'closed'?",
                "pages/closed.toml: warning: page \"closed\" cannot be reached from home \"home\" (no container shows it and nothing opens it)"
            ])
    }

    @Test("unreachable and contradictory rows are warnings at their line; the config still loads")
    func findings() throws {
        let result = try loadSchedule(
            """
            [[schedule]]
            from = "19:00"
            to = "21:00"
            display = "dim"

            [[schedule]]
            from = "18:00"
            to = "23:00"
            display = "off"
            brightness = 10

            [[schedule]]
            days = ["sat"]
            dates = ["2026-12-24"]
            open = "closed"
            """)
        #expect(result.configuration != nil)
        let lines = result.diagnostics.map(\.description)
        #expect(
            lines == [
                "kiosk.toml:2:1: warning: schedule[1]: this schedule row never takes effect: whenever it holds, schedule[2] (line 7) or a row like it decides what it sets (later and more specific rows win)",
                "kiosk.toml:11:1: warning: schedule[2].brightness: does nothing: the row switches the display off (the backlight goes to 0)",
                "kiosk.toml:13:1: warning: schedule[3]: this schedule row never holds: none of its dates falls on its days (2026-12-24 is a thursday)"
            ], "\(lines)")
    }
}
