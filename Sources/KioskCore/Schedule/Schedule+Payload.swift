/// The schedule as a live value's payload (`[[value]] source = "schedule"`), so a page shows the
/// panel's real day instead of a copy of it typed as text:
///
/// ```json
/// {"state": "dim · 30 %", "row": "every day 18:30–22:00",
///  "rows": [{"when": "every day 18:30–22:00", "sets": "dim · 30 %", "now": "●"}, …]}
/// ```
extension Schedule {
    public func payload(at time: LocalDateTime) -> String {
        payload(for: state(at: time))
    }

    /// The payload for a state already evaluated (the runner's `ScheduleService` has it, with a
    /// remote display command laid over it).
    public func payload(for state: ScheduleState) -> String {
        let rowObjects = rows.enumerated().map { index, row in
            let now = state.holding.contains(index) ? "●" : ""
            return
                "{\"when\": \(JSONString.quoted(row.when)), \"sets\": \(JSONString.quoted(row.sets.summary)), \"now\": \(JSONString.quoted(now))}"
        }
        let leading = state.leadingRow.map { rows[$0].when } ?? ""
        return
            "{\"state\": \(JSONString.quoted(state.summary)), \"row\": \(JSONString.quoted(leading)), \"rows\": ["
            + rowObjects.joined(separator: ", ") + "]}"
    }
}

extension ScheduleRow {
    /// "Mon, Fri 18:30–22:00", "every day 22:00–08:00", "2026-12-24 14:00–23:00".
    public var when: String {
        var parts: [String] = []
        if !dates.isEmpty {
            parts.append(dates.map(\.description).joined(separator: ", "))
        }
        if firstDate != nil || lastDate != nil {
            let first = firstDate.map(\.description) ?? "…"
            let last = lastDate.map(\.description) ?? "…"
            parts.append("\(first) to \(last)")
        }
        if let days {
            parts.append(
                days.sorted().map { $0.shortName.prefix(1).uppercased() + $0.shortName.dropFirst() }
                    .joined(separator: ", "))
        } else if dates.isEmpty && firstDate == nil && lastDate == nil {
            parts.append("every day")
        }
        if from != nil || to != nil {
            parts.append("\(TimeOfDay(minutes: start))–\(TimeOfDay(minutes: end))")
        } else {
            parts.append("all day")
        }
        return parts.joined(separator: " ")
    }
}

extension ScheduleSettings {
    /// "dim · 30 %", "off", "on · 60 % · opens about-visit".
    public var summary: String {
        var parts: [String] = []
        if let display { parts.append(display.rawValue) }
        if let brightness, display != .off { parts.append("\(brightness) %") }
        if let home { parts.append("home \(home)") }
        if let open { parts.append("opens \(open)") }
        if let screensaver { parts.append("screensaver \(screensaver)") }
        return parts.joined(separator: " · ")
    }
}

extension ScheduleState {
    /// "dim · 30 %", "off", "on · 100 %".
    public var summary: String {
        display == .off ? "off" : "\(display.rawValue) · \(backlightPercent) %"
    }
}
