/// What `check` says about rows that can never matter: a row that never holds (its dates,
/// period and weekdays exclude each other), and a row that holds but is overruled at every
/// moment for every field it sets (a later or more specific row covers it).
extension Schedule {
    public enum Finding: Hashable, Sendable {
        /// The row never starts on any day; the text says why.
        case neverHolds(row: Int, reason: String)
        /// Whenever the row holds, other rows decide every field it sets; `by` is the row that
        /// decides its first field the first time it holds.
        case overruled(row: Int, by: Int)
    }

    /// Days on which the pattern of which rows may start can differ: a week before and after
    /// every date any row names (a period's ends, one-off dates), or one plain week when no row
    /// names a date. Every combination of weekday and dated rows occurs on one of them, so the
    /// schedule is judged exactly without walking the years in between.
    var sampleDays: [CivilDate] {
        var edges: Set<Int> = []
        for row in rows {
            for date in row.dates { edges.insert(date.dayNumber) }
            if let first = row.firstDate { edges.insert(first.dayNumber) }
            if let last = row.lastDate { edges.insert(last.dayNumber + 1) }
        }
        // A plain week (2026-01-05 is a Monday) stands for every week when nothing is dated.
        if edges.isEmpty { edges.insert(CivilDate(year: 2026, month: 1, day: 5)!.dayNumber) }
        var days: Set<Int> = []
        for edge in edges {
            for offset in -8...8 { days.insert(edge + offset) }
        }
        return days.sorted().map(CivilDate.init(dayNumber:))
    }

    /// The minutes of a day at which some row starts or ends: the state is constant between them.
    var boundaryMinutes: [Int] {
        var minutes: Set<Int> = [0]
        for row in rows {
            minutes.insert(row.start)
            if row.end < TimeOfDay.minutesPerDay { minutes.insert(row.end) }
        }
        return minutes.sorted()
    }

    /// Row evaluations `findings` may spend looking for overruled rows.
    static let judgementBudget = 5_000_000

    public var findings: [Finding] {
        var found: [Finding] = []
        var judged: [Int] = []
        for (index, row) in rows.enumerated() {
            if let reason = row.whyItNeverStarts {
                found.append(.neverHolds(row: index, reason: reason))
            } else if !row.sets.fields.isEmpty {
                judged.append(index)
            }
        }
        guard !judged.isEmpty else { return found }
        var effective: Set<Int> = []
        var firstOverrule: [Int: Int] = [:]
        let minutes = boundaryMinutes
        let days = sampleDays
        // Bounded work for `check` whatever the file holds (100 rows of 366 dates would be
        // billions of evaluations): a schedule that large is not judged for overruled rows.
        guard days.count * minutes.count * rows.count <= Self.judgementBudget else {
            return found.sorted { $0.row < $1.row }
        }
        let order = precedence
        outer: for day in days {
            for minute in minutes {
                let time = LocalDateTime(date: day, minuteOfDay: minute)
                let state = state(at: time, order: order)
                for index in state.holding where !effective.contains(index) {
                    let fields = rows[index].sets.fields
                    if fields.contains(where: { state.decidedBy[$0] == index }) {
                        effective.insert(index)
                    } else if firstOverrule[index] == nil, let field = fields.first {
                        firstOverrule[index] = state.decidedBy[field]
                    }
                }
                if effective.count == judged.count { break outer }
            }
        }
        for index in judged where !effective.contains(index) {
            if let by = firstOverrule[index] {
                found.append(.overruled(row: index, by: by))
            } else {
                found.append(.neverHolds(row: index, reason: "its days and dates never meet"))
            }
        }
        return found.sorted { $0.row < $1.row }
    }
}

extension Schedule.Finding {
    public var row: Int {
        switch self {
        case .neverHolds(let row, _), .overruled(let row, _): row
        }
    }
}

extension ScheduleRow {
    /// Why no day can start this row, or nil when some day can.
    var whyItNeverStarts: String? {
        if let firstDate, let lastDate, lastDate < firstDate {
            return "its period ends (\(lastDate)) before it begins (\(firstDate))"
        }
        if !dates.isEmpty {
            if dates.contains(where: starts(on:)) { return nil }
            if let days, dates.allSatisfy({ !days.contains($0.weekday) }) {
                let names = dates.map { "\($0) is a \($0.weekday)" }.joined(separator: ", ")
                return "none of its dates falls on its days (\(names))"
            }
            return "none of its dates lies within its period"
        }
        if let days, let firstDate, let lastDate, lastDate.dayNumber - firstDate.dayNumber < 7 {
            let covered = (firstDate.dayNumber...lastDate.dayNumber).map {
                CivilDate(dayNumber: $0).weekday
            }
            if !covered.contains(where: days.contains) {
                return "its period \(firstDate) to \(lastDate) has none of its days"
            }
        }
        if days?.isEmpty == true { return "its days list is empty" }
        return nil
    }
}
