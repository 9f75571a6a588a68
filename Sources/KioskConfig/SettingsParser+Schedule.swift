import KioskCore

/// `[[schedule]]` rows of kiosk.toml: when each holds and what it sets. Every problem is one
/// line at the row's key; rows that never matter (`Schedule.findings`) are warnings, so a
/// panel still runs on a schedule with a dead row.
extension SettingsParser {
    static let scheduleKeys = [
        "days", "dates", "date_from", "date_to", "from", "to", "display", "brightness", "home",
        "open", "screensaver"
    ]
    static let schedulePageKeys = ["home", "open", "screensaver"]

    func schedule(_ root: TableReader) -> Schedule {
        guard let tables = root.tables("schedule", limit: ConfigLimits.scheduleRows) else {
            return Schedule()
        }
        var rows: [ScheduleRow] = []
        for table in tables {
            if let row = scheduleRow(table) { rows.append(row) }
        }
        let schedule = Schedule(rows: rows)
        // Findings only make sense when every row was understood: indexes must match the file's.
        if rows.count == tables.count {
            for finding in schedule.findings { report(finding, tables: tables) }
        }
        return schedule
    }

    private func report(_ finding: Schedule.Finding, tables: [TableReader]) {
        switch finding {
        case .neverHolds(let row, let reason):
            context.warning(tables[row].path, "this schedule row never holds: \(reason)")
        case .overruled(let row, let by):
            let line = context.locator?.position(of: tables[by].path).map { " (line \($0.line))" }
            context.warning(
                tables[row].path,
                "this schedule row never takes effect: whenever it holds, \(tables[by].path)\(line ?? "") or a row like it decides what it sets (later and more specific rows win)"
            )
        }
    }

    private func scheduleRow(_ table: TableReader) -> ScheduleRow? {
        table.checkKeys(Self.scheduleKeys, what: "a [[schedule]] row")
        let before = context.diagnostics.count
        var row = ScheduleRow(sets: ScheduleSettings())
        row.days = weekdays(table)
        if let dates = table.strings("dates", limit: ConfigLimits.scheduleDates) {
            if dates.isEmpty {
                context.error(table.keyPath("dates"), "must list at least one date")
            }
            row.dates = dates.compactMap { civilDate($0.value, at: $0.keyPath) }
        }
        row.firstDate = table.string("date_from").flatMap {
            civilDate($0, at: table.keyPath("date_from"))
        }
        row.lastDate = table.string("date_to").flatMap {
            civilDate($0, at: table.keyPath("date_to"))
        }
        row.from = timeOfDay(table, "from", endAllowed: false)
        row.to = timeOfDay(table, "to", endAllowed: true)
        if let from = row.from, let to = row.to, from == to {
            context.error(
                table.keyPath("to"),
                "from and to are both \(from): the row would hold for no time; leave both out for the whole day"
            )
        }
        row.sets.display = table.choice("display", DisplayPower.self, what: "display state")
        row.sets.brightness = table.integer("brightness", minimum: 0, maximum: 100)
        row.sets.home = table.string("home").map { PageID($0) }
        row.sets.open = table.string("open").map { PageID($0) }
        row.sets.screensaver = table.string("screensaver").map { PageID($0) }
        if context.diagnostics.count == before && row.sets.fields.isEmpty {
            context.error(
                table.path,
                "this schedule row sets nothing; give it display, brightness, home, open or screensaver"
            )
        }
        if row.sets.display == .off, row.sets.brightness != nil {
            context.warning(
                table.keyPath("brightness"),
                "does nothing: the row switches the display off (the backlight goes to 0)")
        }
        let failed = context.diagnostics[before...].contains { $0.severity == .error }
        return failed ? nil : row
    }

    private func weekdays(_ table: TableReader) -> Set<Weekday>? {
        guard let names = table.strings("days") else { return nil }
        if names.isEmpty {
            context.error(
                table.keyPath("days"), "must list at least one day; leave it out for every day")
        }
        var days: Set<Weekday> = []
        for (name, keyPath) in names {
            if let day = Weekday(name: name) {
                days.insert(day)
            } else {
                context.error(
                    keyPath,
                    "unknown weekday \"\(name)\"; expected mon, tue, wed, thu, fri, sat or sun"
                        + weekdayHint(name))
            }
        }
        return days
    }

    /// "thurs" and "Tues" are a day's name cut short or run long: suggest by the first three
    /// letters before falling back to spelling distance.
    private func weekdayHint(_ name: String) -> String {
        if let day = Weekday(name: String(name.prefix(3))) {
            return "; did you mean '\(day.shortName)'?"
        }
        return Suggestion.hint(for: name.lowercased(), in: Weekday.names, listAll: false)
    }

    private func civilDate(_ text: String, at keyPath: String) -> CivilDate? {
        if let date = CivilDate(parsing: text) { return date }
        context.error(
            keyPath,
            "expected a date such as \"2026-12-24\" (year-month-day, a day the calendar has); found \"\(text)\""
        )
        return nil
    }

    private func timeOfDay(_ table: TableReader, _ key: String, endAllowed: Bool) -> TimeOfDay? {
        guard let text = table.string(key) else { return nil }
        if let time = TimeOfDay(parsing: text),
            endAllowed || time.minutes < TimeOfDay.minutesPerDay
        {
            return time
        }
        context.error(
            table.keyPath(key),
            "expected a time of day from 00:00 to \(endAllowed ? "24:00" : "23:59") such as \"18:30\"; found \"\(text)\""
        )
        return nil
    }
}
