import KioskCore
import Testing

@testable import KioskControl

@Suite("HealthReport")
struct HealthReportTests {
    let report = HealthReport(
        lastFrame: 1_795_000_000.25, uptime: 3600.4, residentKiB: 41_234,
        configHash: "00ab12cd34ef5678", configErrors: 2, page: "lobby \"east\"",
        scheduleRow: "schedule[2] every day 18:00–22:00",
        display: DisplayReport(power: .dim, brightness: 30, cause: .schedule))

    func object(_ json: String) throws -> [String: JSONValue] {
        guard case .object(let members) = try JSONValue.parse(Array(json.utf8)) else {
            Issue.record("not an object: \(json)")
            return [:]
        }
        return members
    }

    @Test("the health JSON parses and carries every field, text escaped")
    func fields() throws {
        let members = try object(report.json(now: 1_795_000_002.75))
        #expect(
            Set(members.keys) == [
                "last_frame", "last_frame_age", "uptime", "rss_kib", "config_hash",
                "config_errors", "page", "schedule_row", "display", "brightness"
            ])
        #expect(members["last_frame"] == .number("1795000000.25"))
        #expect(members["last_frame_age"] == .number("2.5"))
        #expect(members["uptime"] == .number("3600"))
        #expect(members["rss_kib"] == .number("41234"))
        #expect(members["config_hash"] == .string("00ab12cd34ef5678"))
        #expect(members["config_errors"] == .number("2"))
        #expect(members["page"] == .string("lobby \"east\""))
        #expect(members["schedule_row"] == .string("schedule[2] every day 18:00–22:00"))
        #expect(members["display"] == .string("dim"))
        #expect(members["brightness"] == .number("30"))
    }

    @Test("before the first frame and without a schedule row the fields are null")
    func nulls() throws {
        var early = report
        early.lastFrame = nil
        early.scheduleRow = nil
        early.residentKiB = nil
        let members = try object(early.json(now: 10))
        #expect(members["last_frame"] == .null)
        #expect(members["last_frame_age"] == .null)
        #expect(members["schedule_row"] == .null)
        #expect(members["rss_kib"] == .null)
    }

    @Test("only fields other than the clock-driven ones are news")
    func newsworthy() {
        var later = report
        later.lastFrame = 1_795_000_100
        later.uptime = 3700
        later.residentKiB = 42_000
        #expect(later.newsworthy == report.newsworthy)
        later.page = "home"
        #expect(later.newsworthy != report.newsworthy)
        var errors = report
        errors.configErrors = 0
        #expect(errors.newsworthy != report.newsworthy)
    }

    @Test("the display state is one JSON object with who decided it")
    func display() throws {
        let members = try object(
            DisplayReport(power: .off, brightness: 0, cause: .remote).json)
        #expect(
            members == [
                "display": .string("off"), "brightness": .number("0"), "by": .string("remote")
            ])
    }
}
